// Since LLVM 22 the backend needs the target: a description without one is an error.
// RELEASE: 23
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def R0 : Register<"r0">;
def CC : CallingConv<[CCIfType<[i32], CCAssignToReg<[R0]>>]>;
