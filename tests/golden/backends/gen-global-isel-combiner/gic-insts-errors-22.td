// Errors of instruction match and apply patterns (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=ErrCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-insts-errors.td"
