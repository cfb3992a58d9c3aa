// Every kind of argument, as clang-tblgen 19 writes it.
// ARGS: -gen-clang-attr-text-node-dump -I ../inc
include "AttrArgs.td"
