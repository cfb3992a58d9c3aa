// The sample's comment nodes, as clang-tblgen 19 lists them.
// ARGS: -gen-clang-comment-nodes -I ../inc
include "Nodes.td"
