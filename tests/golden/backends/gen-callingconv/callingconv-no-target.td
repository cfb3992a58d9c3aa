// LLVM 19's backend needs no target: registers and conventions alone.
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def R0 : Register<"r0">;
def CC : CallingConv<[CCIfType<[i32], CCAssignToReg<[R0]>>]>;
