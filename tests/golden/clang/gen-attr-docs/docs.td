// The attribute reference of a small model of Attr.td.
// ARGS: -gen-attr-docs -I ../inc
include "AttrDocsSample.td"
