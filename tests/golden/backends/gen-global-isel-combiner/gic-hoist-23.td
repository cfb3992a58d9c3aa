// C++ predicates shared by the rules of a group, and typed operands (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=HoistCombiner,TypeCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-hoist.td"
