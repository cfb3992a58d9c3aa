// The three functions of a small target's compress patterns (LLVM 23).
// RELEASE: 23
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "compress-target.td"
include "compress-pats.td"
