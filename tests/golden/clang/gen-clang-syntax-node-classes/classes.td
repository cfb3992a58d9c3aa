// The syntax nodes' classes: documentation, constructors, a sequence's getters.
// ARGS: -gen-clang-syntax-node-classes -I ../inc
include "Syntax.td"
