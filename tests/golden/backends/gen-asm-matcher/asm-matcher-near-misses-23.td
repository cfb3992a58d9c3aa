// The matcher of a parser that reports near misses, matches without the mnemonic first and parses every operand with its custom parser (LLVM 23).
// RELEASE: 23
// ARGS: --gen-asm-matcher -DNEAR_MISSES -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
