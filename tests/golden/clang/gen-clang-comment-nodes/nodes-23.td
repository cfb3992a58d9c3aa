// The sample's comment nodes, as clang-tblgen 23 lists them.
// ARGS: -gen-clang-comment-nodes -I ../inc
// RELEASE: 23
include "Nodes.td"
