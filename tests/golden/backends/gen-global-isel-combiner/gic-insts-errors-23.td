// Errors of instruction match and apply patterns (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=ErrCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-insts-errors.td"
