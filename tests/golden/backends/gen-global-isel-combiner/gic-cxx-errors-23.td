// C++ code that does not expand (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=ErrorCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-cxx-errors.td"
