// A small target's SelectionDAG selector (LLVM 23) with the table's comments.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "isel-target.td"
