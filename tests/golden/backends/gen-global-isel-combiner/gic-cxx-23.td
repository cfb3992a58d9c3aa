// C++ rules matched by opcode, in two combiners of one output (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=FirstCombiner,SecondCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-cxx.td"
