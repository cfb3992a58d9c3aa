// Memory, use-count and C++ predicates, complex patterns, comparisons, build vectors,
// physical register inputs and register default operands, optimised (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "forms-common.td"
