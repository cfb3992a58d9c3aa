// Instruction match and apply patterns, fragments and GITypeOf (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=InstCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-insts.td"
