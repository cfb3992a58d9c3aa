// Every kind of argument, as clang-tblgen 22 writes it.
// ARGS: -gen-clang-attr-pch-write -I ../inc
// RELEASE: 22
include "AttrArgs.td"
