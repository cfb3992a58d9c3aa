// The type reader of a small model of the type properties.
// ARGS: -gen-clang-type-reader -I ../inc
include "TypeProperties.td"
