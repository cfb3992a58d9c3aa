// Memory, use-count and C++ predicates, complex patterns, comparisons, build vectors,
// physical register inputs and register default operands, optimised (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "forms-common.td"
