// A target of two instructions and a write type, for the schedule model's errors.
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
let Namespace = "Test" in def R0 : Register<"r0">;
def GPR : RegisterClass<"Test", [i32], 32, (add R0)>;
def WriteA : SchedWrite;
let Namespace = "Test", OutOperandList = (outs GPR:$d), InOperandList = (ins GPR:$a) in {
  def INC : Instruction, Sched<[WriteA]>;
  def NOP : Instruction;
}
