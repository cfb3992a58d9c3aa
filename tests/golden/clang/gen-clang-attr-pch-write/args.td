// Every kind of argument, as clang-tblgen 19 writes it.
// ARGS: -gen-clang-attr-pch-write -I ../inc
include "AttrArgs.td"
