// Patterns --gen-global-isel skips, with -warn-on-skipped-patterns: each reason once, the
// types, features and predicate functions of a run whose patterns are all skipped (LLVM 19).
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc -DNO_LEAF_CODE
include "skipped-common.td"
