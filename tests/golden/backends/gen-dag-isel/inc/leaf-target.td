// A target whose patterns have an i8 immediate above 127 in a result (LLVM 22 sign-extends
// it) and, when the includer defines PTR_BY_MODE, a register class by HW mode as a leaf of
// an input and a result pattern (LLVM 22's ptr_rc_tailcall). The includer gives
// llvm/Target/Target.td.

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;
def GPR64 : RegisterClass<"Arch", [i64], 64, (sequence "R%u", 0, 7)>;
def u8imm : Operand<i8>;

class ArchInst<dag outs, dag ins, string asm, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Pattern = pattern;
  let Size = 4;
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;
}

def BLEND : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2, u8imm:$imm), "blend", []>;
def : Pat<(xor GPR:$rs1, GPR:$rs2), (BLEND GPR:$rs1, GPR:$rs2, 0xf0)>;
def : Pat<(or GPR:$rs1, GPR:$rs2), (BLEND GPR:$rs1, GPR:$rs2, 0x70)>;

#ifdef PTR_BY_MODE
def Is64 : Predicate<"Subtarget->is64Bit()">;
def Mode64 : HwMode<[Is64]>;
def ptr_gpr : RegClassByHwMode<[DefaultMode, Mode64], [GPR, GPR64]>;
def SDT_Jump : SDTypeProfile<0, 1, [SDTCisPtrTy<0>]>;
def jump : SDNode<"ArchISD::JUMP", SDT_Jump, [SDNPHasChain]>;
def JUMPr : ArchInst<(outs), (ins ptr_gpr:$dst), "jr", []> { let isBranch = 1; let hasSideEffects = 1; }
def : Pat<(jump ptr_gpr:$dst), (JUMPr ptr_gpr:$dst)>;
#endif
