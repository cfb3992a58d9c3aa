// Rules that build the root instruction anew, -optimize-match-table=false (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -optimize-match-table=false -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "build-common.td"
