// Patterns --gen-global-isel skips, with -warn-on-skipped-patterns: each reason once, the
// types, features and predicate functions of a run whose patterns are all skipped (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "skipped-common.td"
