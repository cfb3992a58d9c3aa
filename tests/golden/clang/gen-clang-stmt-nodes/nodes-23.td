// The sample's stmt nodes, as clang-tblgen 23 lists them.
// ARGS: -gen-clang-stmt-nodes -I ../inc
// RELEASE: 23
include "Nodes.td"
