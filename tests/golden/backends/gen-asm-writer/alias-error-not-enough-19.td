// An alias with fewer arguments than its instruction has operands.
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (ADD GPR:$dst, R1)>;
