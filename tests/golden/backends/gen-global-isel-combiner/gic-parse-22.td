// Combine rules parsed and dumped, their types inferred (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -gicombiner-stop-after-parse -gicombiner-debug-typeinfer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-rules.td"
