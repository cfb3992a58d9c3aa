// Combine rules and fragments that do not parse (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-errors.td"
