// The MVE sample in LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-mve-header -I ../inc -I ../../../../../shared/corpus/llvm-23.1.1/clang/include/clang/Basic
include "MveSample.td"
