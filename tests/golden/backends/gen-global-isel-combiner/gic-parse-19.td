// Combine rules parsed and dumped, their types inferred (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -gicombiner-stop-after-parse -gicombiner-debug-typeinfer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-rules.td"
