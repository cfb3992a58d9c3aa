// Rules that require subtarget features (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel-combiner -combiners=FeatureCombiner -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "gic-features.td"
