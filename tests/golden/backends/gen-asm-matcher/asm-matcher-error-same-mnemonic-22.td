// A mnemonic alias with a predicate to the mnemonic it aliases.
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : MnemonicAlias<"nop", "nop">, Requires<[HasA]>;
