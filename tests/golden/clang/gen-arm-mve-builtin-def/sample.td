// The MVE sample in LLVM 19.
// ARGS: -gen-arm-mve-builtin-def -I ../inc -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "MveSample.td"
