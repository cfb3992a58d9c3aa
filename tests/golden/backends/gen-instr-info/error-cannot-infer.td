// A target that does not let LLVM guess: an instruction with flags unset and no pattern.
// ARGS: --gen-instr-info -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"

def R0 : Register<"r0">;
def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
def MyInstrInfo : InstrInfo { let guessInstructionProperties = 0; }
def MyTarget : Target { let InstructionSet = MyInstrInfo; }

class MyInst<dag outs, dag ins, list<dag> pat> : Instruction {
  let Namespace = "My";
  let OutOperandList = outs;
  let InOperandList = ins;
  let Pattern = pat;
}

def ADD : MyInst<(outs GPR:$dst), (ins GPR:$a, GPR:$b), [(set GPR:$dst, (add GPR:$a, GPR:$b))]>;
def NOP : MyInst<(outs), (ins), []> { let hasSideEffects = 0; }
