// Without GlobalDocumentation.
// ARGS: -gen-attr-docs -I ../inc
include "AttrSample.td"
