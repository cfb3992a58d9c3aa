// ActOn calls of the type-dependent attributes.
// ARGS: -gen-clang-attr-is-type-dependent -I ../inc
// RELEASE: 22
include "AttrSample.td"
