// The commented table (no -omit-comments) of LLVM 22: each step's index, a scope's and a
// switch's targets, what each step records, the patterns each match completes.
// RELEASE: 22
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "comments-target.td"
