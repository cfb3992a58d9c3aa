// A small target's SelectionDAG selector (LLVM 22) with the table's comments.
// RELEASE: 22
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "isel-target.td"
