// The basic reader helpers of a small model of the property types, LLVM 23.
// RELEASE: 23
// ARGS: -gen-clang-basic-reader -I ../inc
include "PropertiesBase.td"
