// Combine rules and fragments that do not parse (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-errors.td"
