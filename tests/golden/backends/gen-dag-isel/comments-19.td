// The commented table (no -omit-comments) of LLVM 19: each step's index, a scope's and a
// switch's targets, what each step records, the patterns each match completes.
// RELEASE: 19
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "comments-target.td"
