// Three casts on a node of two results: "Invalid number of type casts!" (LLVM 23).
// RELEASE: 23
// ARGS: --gen-dag-isel -D COUNT -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "type-cast-list-target.td"
