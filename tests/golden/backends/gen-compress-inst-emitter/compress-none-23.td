// No compress patterns: each function returns false (LLVM 23).
// RELEASE: 23
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "compress-target.td"
