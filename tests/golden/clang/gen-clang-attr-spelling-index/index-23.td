// Only what tells the spellings apart (LLVM 20 on).
// ARGS: -gen-clang-attr-spelling-index -I ../inc
// RELEASE: 23
include "AttrSample.td"
