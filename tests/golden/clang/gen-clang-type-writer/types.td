// The type writer of a small model of the type properties.
// ARGS: -gen-clang-type-writer -I ../inc
include "TypeProperties.td"
