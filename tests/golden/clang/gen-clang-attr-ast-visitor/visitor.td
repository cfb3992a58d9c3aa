// Traverse and Visit methods: expressions and types among the arguments, the expression packs.
// ARGS: -gen-clang-attr-ast-visitor -I ../inc
include "AttrSample.td"
