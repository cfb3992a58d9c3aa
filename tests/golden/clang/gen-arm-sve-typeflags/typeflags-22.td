// SVE's flags and type enumerators in LLVM 22 (the immediate checks elsewhere).
// RELEASE: 22
// ARGS: -gen-arm-sve-typeflags -I ../inc
include "SveTypes.td"
