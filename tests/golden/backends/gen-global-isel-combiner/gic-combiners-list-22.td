// -combiners is a list: given twice, both occurrences' combiners are written, in order (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=GroupedCombiner -combiners=EmptyCombiner,GroupedCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-empty.td"
