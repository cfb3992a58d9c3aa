// Every kind of argument, as clang-tblgen 23 writes it.
// ARGS: -gen-clang-attr-template-instantiate -I ../inc
// RELEASE: 23
include "AttrArgs.td"
