// The basic reader helpers of a small model of the property types.
// ARGS: -gen-clang-basic-reader -I ../inc
include "TypeProperties.td"
