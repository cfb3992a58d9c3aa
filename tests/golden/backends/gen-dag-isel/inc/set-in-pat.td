// A target whose one Pat has `set` in its input, where it is no node. The includer gives
// llvm/Target/Target.td.
def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }
def R0 : Register<"r0">;
def GPR : RegisterClass<"Arch", [i32], 32, (add R0)>;
def LOAD : Instruction {
  let Size = 2;
  let OutOperandList = (outs GPR:$dst);
  let InOperandList = (ins GPR:$addr);
  let AsmString = "ld $dst, $addr";
}
def SetPat : Pat<(set R0, (load GPR:$addr)), (LOAD $addr)>;
