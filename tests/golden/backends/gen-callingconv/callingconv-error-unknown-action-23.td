// An action of no kind the backend knows: LLVM prints the record, then the error.
// RELEASE: 23
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
def R0 : Register<"r0">;
def GPR : RegisterClass<"Test", [i32], 32, (add R0)>;
def Weird : CCAction;
def CC_Mine : CallingConv<[Weird]>;
