// Only the instructions whose names start with the -match-prefix, and no mnemonic aliases.
// RELEASE: 22
// ARGS: --gen-asm-matcher -match-prefix=A -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
