// The basic writer helpers of a small model of the property types.
// ARGS: -gen-clang-basic-writer -I ../inc
include "TypeProperties.td"
