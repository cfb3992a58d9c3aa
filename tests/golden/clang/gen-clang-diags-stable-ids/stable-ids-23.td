// Each diagnostic's stable ID (its StableId, else its name) and its legacy IDs.
// ARGS: -gen-clang-diags-stable-ids -I ../inc
// RELEASE: 23
include "Sample.td"
