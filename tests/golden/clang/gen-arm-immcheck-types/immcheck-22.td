// The immediate checks' enumerators in LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-immcheck-types -I ../inc
include "SveTypes.td"
