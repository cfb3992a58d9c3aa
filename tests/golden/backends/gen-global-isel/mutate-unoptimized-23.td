// Rules that mutate the matched instruction, -optimize-match-table=false (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -optimize-match-table=false -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "mutate-common.td"
