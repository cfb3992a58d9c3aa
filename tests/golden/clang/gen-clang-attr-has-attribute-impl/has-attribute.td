// One case a spelling, in attribute order (LLVM 19).
// ARGS: -gen-clang-attr-has-attribute-impl -I ../inc
include "AttrSample.td"
