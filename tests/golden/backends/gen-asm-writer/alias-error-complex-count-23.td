// A complex operand given as a dag with too few sub-operands.
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (LD GPR:$dst, (memri GPR:$b))>; 
