// An alias immediate out of the range of int32_t.
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (ADDI GPR:$dst, R0, 0x100000000)>;
