// A list of type casts on a node of two results (LLVM 22), in the commented table.
// RELEASE: 22
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "type-cast-list-target.td"
