// The basic writer helpers of a small model of the property types, LLVM 23.
// RELEASE: 23
// ARGS: -gen-clang-basic-writer -I ../inc
include "PropertiesBase.td"
