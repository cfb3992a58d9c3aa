// A small target's fast instruction selector (LLVM 22).
// RELEASE: 22
// ARGS: --gen-fast-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "fisel-target.td"
