// The node traverser's Visit methods: the expressions among the arguments (LLVM 23).
// ARGS: -gen-clang-attr-node-traverse -I ../inc
// RELEASE: 23
include "AttrSample.td"
