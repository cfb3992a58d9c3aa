// The syntax nodes under their bases, abstract ones with their first and last concrete nodes.
// ARGS: -gen-clang-syntax-node-list -I ../inc
include "Syntax.td"
