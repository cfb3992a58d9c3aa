// `set` in a Pat's input: LLVM 22's "unknown node type" error.
// RELEASE: 22
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "set-in-pat.td"
