// The attribute reference of a small model of Attr.td, LLVM 23.
// RELEASE: 23
// ARGS: -gen-attr-docs -I ../inc
include "AttrDocsSample.td"
