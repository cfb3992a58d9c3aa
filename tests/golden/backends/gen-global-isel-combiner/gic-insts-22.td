// Instruction match and apply patterns, fragments and GITypeOf (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=InstCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-insts.td"
