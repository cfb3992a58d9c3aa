// Combine rules parsed and dumped, their types inferred (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -gicombiner-stop-after-parse -gicombiner-debug-typeinfer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-rules.td"
