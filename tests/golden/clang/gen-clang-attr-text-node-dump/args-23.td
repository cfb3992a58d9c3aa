// Every kind of argument, as clang-tblgen 23 writes it.
// ARGS: -gen-clang-attr-text-node-dump -I ../inc
// RELEASE: 23
include "AttrArgs.td"
