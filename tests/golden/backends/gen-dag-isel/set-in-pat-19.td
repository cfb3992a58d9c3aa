// `set` in a Pat's input: LLVM 19 takes it for a node transform of two operands.
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "set-in-pat.td"
