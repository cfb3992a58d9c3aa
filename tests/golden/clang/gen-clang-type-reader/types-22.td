// The type reader of a small model of the type properties, LLVM 22.
// RELEASE: 22
// ARGS: -gen-clang-type-reader -I ../inc
include "TypeProperties.td"
