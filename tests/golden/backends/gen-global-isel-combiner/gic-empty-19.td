// Two combiners without rules in one output: the executor and a table of one GIM_Reject (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=EmptyCombiner,GroupedCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-empty.td"
