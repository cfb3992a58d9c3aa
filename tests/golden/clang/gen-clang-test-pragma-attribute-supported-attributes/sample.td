// The attributes #pragma clang attribute can apply, with their rules.
// ARGS: -gen-clang-test-pragma-attribute-supported-attributes -I ../inc
include "AttrSample.td"
