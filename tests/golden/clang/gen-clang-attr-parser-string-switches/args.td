// Every kind of argument, as clang-tblgen 19 writes it.
// ARGS: -gen-clang-attr-parser-string-switches -I ../inc
include "AttrArgs.td"
