// Each AST attribute's first documentation, trimmed.
// ARGS: -gen-clang-attr-doc-table -I ../inc
include "AttrSample.td"
