// Typed operands with extended LLTs: integers and floating-point formats told apart (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=HoistCombiner,TypeCombiner -gisel-extended-llt -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-hoist.td"
