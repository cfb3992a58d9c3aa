// Rules that mutate the matched instruction, -optimize-match-table=false (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -optimize-match-table=false -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "mutate-common.td"
