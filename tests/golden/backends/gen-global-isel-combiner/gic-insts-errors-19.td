// Errors of instruction match and apply patterns (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=ErrCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-insts-errors.td"
