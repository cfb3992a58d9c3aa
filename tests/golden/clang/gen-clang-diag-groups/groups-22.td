// The group tables, -Wpedantic's implicit members and the categories.
// ARGS: -gen-clang-diag-groups -I ../inc
// RELEASE: 22
include "Sample.td"
