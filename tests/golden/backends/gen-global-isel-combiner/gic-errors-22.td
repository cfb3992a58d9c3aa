// Combine rules and fragments that do not parse (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-errors.td"
