// An alias repeating a tied operand: its repetition can never be matched.
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : InstAlias<"inc3 $a, $a, $a", (INC GPR:$a)>;
