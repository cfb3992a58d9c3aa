// Every kind of argument, as clang-tblgen 19 writes it.
// ARGS: -gen-clang-attr-template-instantiate -I ../inc
include "AttrArgs.td"
