// The type writer of a small model of the type properties, LLVM 22.
// RELEASE: 22
// ARGS: -gen-clang-type-writer -I ../inc
include "TypeProperties.td"
