// Instruction match and apply patterns, fragments and GITypeOf (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=InstCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-insts.td"
