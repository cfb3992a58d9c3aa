// The parsed attribute kinds: one per ParseKind.
// ARGS: -gen-clang-attr-parsed-attr-list -I ../inc
include "AttrSample.td"
