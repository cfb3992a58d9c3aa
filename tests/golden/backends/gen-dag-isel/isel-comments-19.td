// A small target's SelectionDAG selector (LLVM 19) with the table's comments.
// RELEASE: 19
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "isel-target.td"
