// A target whose registers and immediates are typed by HW mode (XLenVT: i32 in the 32-bit
// mode, i64 in the 64-bit one) and a type only the 64-bit mode has, so that LLVM 23 checks
// and builds types by mode in the table (OPC_CheckTypeByHwMode, OPC_EmitIntegerByHwMode,
// OPC_EmitRegisterByHwMode, OPC_EmitNodeByHwMode) and numbers them, the most used first, for
// getValueTypeForHwMode. The includer gives llvm/Target/Target.td and the modes RV32 and
// RV64; with RESULT_REG_BY_MODE, a RegisterByHwMode in a result pattern.

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

def XLenVT : ValueTypeByHwMode<[RV32, RV64], [i32, i64]>;
def OnlyWide : ValueTypeByHwMode<[RV64], [i64]>;
def XLenRI : RegInfoByHwMode<[RV32, RV64], [RegInfo<32,32,32>, RegInfo<64,64,64>]>;

foreach i = 0...7 in
def X#i : Register<"x"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [XLenVT], 32, (sequence "X%u", 0, 7)> {
  let RegInfos = XLenRI;
  let Size = 64;
}
def F0 : Register<"f0">;
def FPR : RegisterClass<"Arch", [f32], 32, (add F0)>;
def simm12 : Operand<XLenVT>, ImmLeaf<XLenVT, [{return isInt<12>(Imm);}]>;

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

def ADD : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "add", []>;
def SUB : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "sub", []>;
def ADDI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm12:$imm), "addi", []>;
def XORI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm12:$imm), "xori", []>;
def FMV : ArchInst<(outs FPR:$rd), (ins GPR:$rs1), "fmv", []>;
def LD : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm12:$imm), "ld", []> { let mayLoad = 1; }
def SD : ArchInst<(outs), (ins GPR:$rs2, GPR:$rs1, simm12:$imm), "sd", []> { let mayStore = 1; }

def : Pat<(add GPR:$rs1, GPR:$rs2), (ADD GPR:$rs1, GPR:$rs2)>;
def : Pat<(add GPR:$rs1, simm12:$imm), (ADDI GPR:$rs1, simm12:$imm)>;
def : Pat<(sub GPR:$rs1, GPR:$rs2), (SUB GPR:$rs1, GPR:$rs2)>;
// An integer and a register of the result typed by mode.
def : Pat<(XLenVT (ineg GPR:$rs1)), (SUB X0, GPR:$rs1)>;
def : Pat<(XLenVT (not GPR:$rs1)), (XORI GPR:$rs1, -1)>;
def : Pat<(XLenVT simm12:$imm), (ADDI X0, simm12:$imm)>;
// A child's type by mode checked (the operand of a node whose operands may be any type).
def : Pat<(f32 (bitconvert (i32 GPR:$rs1))), (FMV GPR:$rs1)>;
def : Pat<(XLenVT (load GPR:$rs1)), (LD GPR:$rs1, 0)>;
def : Pat<(store GPR:$rs2, GPR:$rs1), (SD GPR:$rs2, GPR:$rs1, 0)>;
// A type the 32-bit mode lacks.
def : Pat<(OnlyWide (sra GPR:$rs1, (OnlyWide 63))), (SUB X0, GPR:$rs1)>;

#ifdef RESULT_REG_BY_MODE
def ZeroReg : RegisterByHwMode<GPR, [RV32, RV64], [X0, X0]>;
def : Pat<(XLenVT (ctpop GPR:$rs1)), (ADD ZeroReg, GPR:$rs1)>;
#endif
