// A list of type casts: no dag operator LLVM 19 parses ("expected identifier in dag init").
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "type-cast-list-target.td"
