// Every kind of argument, as clang-tblgen 19 writes it.
// ARGS: -gen-clang-attr-pch-read -I ../inc
include "AttrArgs.td"
