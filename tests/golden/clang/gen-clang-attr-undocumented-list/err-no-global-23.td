// Without GlobalDocumentation.
// ARGS: -gen-clang-attr-undocumented-list -I ../inc
// RELEASE: 23
include "AttrSample.td"
