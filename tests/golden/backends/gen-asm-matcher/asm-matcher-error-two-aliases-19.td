// Two mnemonic aliases without predicates from one mnemonic to two others.
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : MnemonicAlias<"j", "br">;
def : MnemonicAlias<"j", "nop">;
