// No compress patterns: each function returns false (LLVM 22).
// RELEASE: 22
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "compress-target.td"
