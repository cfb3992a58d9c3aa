// Every kind of argument, as clang-tblgen 22 writes it.
// ARGS: -gen-clang-attr-parser-string-switches -I ../inc
// RELEASE: 22
include "AttrArgs.td"
