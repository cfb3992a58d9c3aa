// SVE's flags and type enumerators in StringMap order, LLVM 19's immediate checks among them.
// ARGS: -gen-arm-sve-typeflags -I ../inc
include "SveTypes.td"
