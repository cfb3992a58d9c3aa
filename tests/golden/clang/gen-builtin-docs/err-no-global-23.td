// No GlobalDocumentation def.
// RELEASE: 23
// ARGS: -gen-builtin-docs -I ../inc
include "Builtins.td"
