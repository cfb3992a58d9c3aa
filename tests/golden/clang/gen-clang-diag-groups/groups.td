// The group tables, -Wpedantic's implicit members and the categories.
// ARGS: -gen-clang-diag-groups -I ../inc

include "Sample.td"
