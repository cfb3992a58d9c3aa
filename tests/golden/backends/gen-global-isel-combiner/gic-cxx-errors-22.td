// C++ code that does not expand (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=ErrorCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-cxx-errors.td"
