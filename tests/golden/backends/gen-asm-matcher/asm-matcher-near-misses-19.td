// The matcher of a parser that reports near misses, matches without the mnemonic first and parses every operand with its custom parser (LLVM 19).
// ARGS: --gen-asm-matcher -DNEAR_MISSES -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
