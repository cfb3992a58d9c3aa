// An alias with more arguments than its instruction has operands.
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (INC GPR:$dst, R1, R2)>;
