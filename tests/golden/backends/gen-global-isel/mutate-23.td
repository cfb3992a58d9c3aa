// Rules that mutate the matched instruction, the match table optimised (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "mutate-common.td"
