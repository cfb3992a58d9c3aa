// The sample's decl nodes, as clang-tblgen 19 lists them.
// ARGS: -gen-clang-decl-nodes -I ../inc
include "Nodes.td"
