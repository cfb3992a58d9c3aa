// The sample's stmt nodes, as clang-tblgen 19 lists them.
// ARGS: -gen-clang-stmt-nodes -I ../inc
include "Nodes.td"
