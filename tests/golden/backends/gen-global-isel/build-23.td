// Rules that build the root instruction anew, optimised (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "build-common.td"
