// An alias that would fail but is never printed (EmitPriority 0): no error.
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (ADD GPR:$dst, simm:$x, R0), 0>;
