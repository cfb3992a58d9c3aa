// Variadic operands in match and apply patterns (LLVM 23; 19 has no GIVariadic).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=VarCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-variadic.td"
