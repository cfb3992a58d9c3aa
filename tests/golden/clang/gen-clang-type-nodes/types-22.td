// Type nodes under their bases, LLVM 22's always-canonical types apart.
// RELEASE: 22
// ARGS: -gen-clang-type-nodes -I ../inc
include "TypeNodes.td"
