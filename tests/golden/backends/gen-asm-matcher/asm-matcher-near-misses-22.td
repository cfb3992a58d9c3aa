// The matcher of a parser that reports near misses, matches without the mnemonic first and parses every operand with its custom parser (LLVM 22).
// RELEASE: 22
// ARGS: --gen-asm-matcher -DNEAR_MISSES -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
