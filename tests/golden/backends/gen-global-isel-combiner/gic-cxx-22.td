// C++ rules matched by opcode, in two combiners of one output (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=FirstCombiner,SecondCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-cxx.td"
