// Rules that mutate the matched instruction, the match table optimised (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "mutate-common.td"
