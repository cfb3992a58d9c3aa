// An alias argument that matches no operand class (LLVM 22 says what the argument must be).
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst, $x", (ADD GPR:$dst, simm:$x, R0)>;
