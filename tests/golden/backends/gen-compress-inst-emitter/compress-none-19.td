// No compress patterns: each function returns false (LLVM 19).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
