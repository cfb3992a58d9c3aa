// Rules that build the root instruction anew, optimised (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "build-common.td"
