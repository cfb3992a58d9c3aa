// A list of type casts on a node of two results (LLVM 23), in the commented table.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "type-cast-list-target.td"
