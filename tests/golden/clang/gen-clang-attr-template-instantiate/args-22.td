// Every kind of argument, as clang-tblgen 22 writes it.
// ARGS: -gen-clang-attr-template-instantiate -I ../inc
// RELEASE: 22
include "AttrArgs.td"
