// Every diagnostic, with its group, category and text; LLVM 23 adds the stable IDs.
// ARGS: -gen-clang-diags-defs -I ../inc

include "Sample.td"
