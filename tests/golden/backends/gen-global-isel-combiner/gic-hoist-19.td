// C++ predicates shared by the rules of a group, and typed operands (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=HoistCombiner,TypeCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-hoist.td"
