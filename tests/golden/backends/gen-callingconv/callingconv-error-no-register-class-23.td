// Since LLVM 22 the register bank is made first, and it needs a register class.
// RELEASE: 23
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
def R0 : Register<"r0">;
def Weird : CCAction;
def CC_Mine : CallingConv<[Weird]>;
