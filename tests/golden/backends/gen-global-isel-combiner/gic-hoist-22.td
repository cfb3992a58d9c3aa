// C++ predicates shared by the rules of a group, and typed operands (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=HoistCombiner,TypeCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-hoist.td"
