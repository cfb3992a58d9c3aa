// The node traverser's Visit methods: the expressions among the arguments.
// ARGS: -gen-clang-attr-node-traverse -I ../inc
include "AttrSample.td"
