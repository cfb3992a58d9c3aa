// Rules that build the root instruction anew, -optimize-match-table=false (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -optimize-match-table=false -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "build-common.td"
