// Two combiners without rules in one output: the executor and a table of one GIM_Reject (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=EmptyCombiner,GroupedCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-empty.td"
