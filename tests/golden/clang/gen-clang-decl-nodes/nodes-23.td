// The sample's decl nodes, as clang-tblgen 23 lists them.
// ARGS: -gen-clang-decl-nodes -I ../inc
// RELEASE: 23
include "Nodes.td"
