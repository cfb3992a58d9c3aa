// Rules that build the root instruction anew, -optimize-match-table=false (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel -optimize-match-table=false -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "build-common.td"
