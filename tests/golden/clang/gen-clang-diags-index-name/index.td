// Every diagnostic's name, sorted.
// ARGS: -gen-clang-diags-index-name -I ../inc
include "Sample.td"
