// An alias naming a complex operand whole, which LLVM 19 splits into its sub-operands.
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : InstAlias<"ld0 $dst, $addr", (LD GPR:$dst, memri:$addr)>;
