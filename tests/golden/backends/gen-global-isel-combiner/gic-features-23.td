// Rules that require subtarget features (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=FeatureCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-features.td"
