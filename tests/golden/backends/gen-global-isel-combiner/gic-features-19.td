// Rules that require subtarget features (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel-combiner -combiners=FeatureCombiner -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "gic-features.td"
