// C++ rules matched by opcode, in two combiners of one output (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=FirstCombiner,SecondCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-cxx.td"
