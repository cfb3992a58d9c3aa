// A complex operand given as a dag of the wrong operand.
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (LD GPR:$dst, (simm GPR:$b, simm:$o))>; 
