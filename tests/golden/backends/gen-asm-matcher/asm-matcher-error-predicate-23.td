// A mnemonic alias requiring a predicate that is no assembler predicate.
// RELEASE: 23
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : MnemonicAlias<"j", "br">, Requires<[NotForAsm]>;
