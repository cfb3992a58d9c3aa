// The attribute reference of a small model of Attr.td, LLVM 22.
// RELEASE: 22
// ARGS: -gen-attr-docs -I ../inc
include "AttrDocsSample.td"
