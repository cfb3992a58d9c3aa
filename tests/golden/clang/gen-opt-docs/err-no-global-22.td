// No GlobalDocumentation def.
// RELEASE: 22
// ARGS: -gen-opt-docs -I ../inc
include "OptParser.td"
