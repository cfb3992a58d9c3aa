// Type nodes under their bases, LLVM 19's leaf types apart.
// ARGS: -gen-clang-type-nodes -I ../inc
include "TypeNodes.td"
