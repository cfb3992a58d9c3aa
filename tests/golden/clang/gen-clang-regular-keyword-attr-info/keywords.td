// The regular keyword attributes and whether they take arguments.
// ARGS: -gen-clang-regular-keyword-attr-info -I ../inc
include "AttrSample.td"
