// One case a name, its tests joined, in StringMap order (LLVM 20 on).
// ARGS: -gen-clang-attr-has-attribute-impl -I ../inc
// RELEASE: 23
include "AttrSample.td"
