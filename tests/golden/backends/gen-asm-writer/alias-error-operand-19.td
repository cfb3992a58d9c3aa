// An alias argument that matches no operand class (LLVM 19 words it by class).
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst, $x", (ADD GPR:$dst, simm:$x, R0)>;
