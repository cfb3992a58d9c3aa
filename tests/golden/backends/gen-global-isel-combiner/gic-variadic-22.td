// Variadic operands in match and apply patterns (LLVM 22; 19 has no GIVariadic).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=VarCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-variadic.td"
