// The three functions of a small target's compress patterns (LLVM 19).
// RELEASE: 19
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "compress-target.td"
include "compress-pats-19.td"
