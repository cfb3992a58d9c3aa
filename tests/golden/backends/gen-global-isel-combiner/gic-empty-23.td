// Two combiners without rules in one output: the executor and a table of one GIM_Reject (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=EmptyCombiner,GroupedCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-empty.td"
