// An i8 immediate above 127 in a result pattern, written as given (LLVM 19).
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "leaf-target.td"
