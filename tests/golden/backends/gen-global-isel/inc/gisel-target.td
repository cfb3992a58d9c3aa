// A small target for --gen-global-isel's cases.
include "llvm/Target/Target.td"

def GIsaInstrInfo : InstrInfo;
def GIsa : Target { let InstructionSet = GIsaInstrInfo; }

def R0 : Register<"r0"> { let Namespace = "GIsa"; }
def R1 : Register<"r1"> { let Namespace = "GIsa"; }
def GPR32 : RegisterClass<"GIsa", [i32], 32, (add R0, R1)>;
def GPR32Op : RegisterOperand<GPR32>;
def F0 : Register<"f0"> { let Namespace = "GIsa"; }
def FPR32 : RegisterClass<"GIsa", [f32], 32, (add F0)>;
def B0 : Register<"b0"> { let Namespace = "GIsa"; }
def GPR8 : RegisterClass<"GIsa", [i8], 8, (add B0)>;

class I<dag OOps, dag IOps, list<dag> Pat> : Instruction {
  let Namespace = "GIsa";
  let OutOperandList = OOps;
  let InOperandList = IOps;
  let Pattern = Pat;
}

def HasA : Predicate<"Subtarget->hasA()">;
def HasB : Predicate<"Subtarget->hasB()"> { let RecomputePerFunction = 1; }
def NoCond : Predicate<"">;

def ADD : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def MOVI : I<(outs GPR32:$dst), (ins i32imm:$imm), []>;
def FCVT : I<(outs GPR32:$dst), (ins FPR32:$src), []>;
def STORE : I<(outs), (ins GPR32:$v, GPR32:$p), []>;
