// A small target's fast instruction selector (LLVM 23).
// RELEASE: 23
// ARGS: --gen-fast-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "fisel-target.td"
