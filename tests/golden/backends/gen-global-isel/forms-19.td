// Memory, use-count and C++ predicates, complex patterns, comparisons, build vectors,
// physical register inputs and register default operands, optimised (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "forms-common.td"
