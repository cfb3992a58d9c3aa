// A small target for the fast instruction selector: register-register, register-immediate
// (with immediate predicates, one of them ignored), immediate and floating-point constant
// materialisation, an operand in a physical register, an EXTRACT_SUBREG, several result
// types of one node, feature predicates and AddedComplexity.
include "llvm/Target/Target.td"

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

def sub_lo : SubRegIndex<32>;
foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; let Namespace = "Arch"; }
foreach i = 0...3 in
def D#i : RegisterWithSubRegs<"d"#i, [!cast<Register>("R"#!mul(i, 2))]> {
  let SubRegIndices = [sub_lo];
  let Namespace = "Arch";
}
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;
def GPRLow : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 3)>;
def DPR : RegisterClass<"Arch", [i64], 64, (sequence "D%u", 0, 3)>;
def FPR : RegisterClass<"Arch", [f32], 32, (sequence "R%u", 4, 7)>;
def HPR : RegisterClass<"Arch", [i16], 32, (sequence "R%u", 0, 7)>;

def HasMul : Predicate<"Subtarget->hasMul()">;
def HasFastMul : Predicate<"Subtarget->hasFastMul()">;

def simm8 : Operand<i32>, ImmLeaf<i32, [{return isInt<8>(Imm);}]>;
def uimm4 : Operand<i32>, ImmLeaf<i32, [{return isUInt<4>(Imm);}]>;
def uimm2ptr : ImmLeaf<iPTR, [{return isUInt<2>(Imm);}]>;
def simm16 : Operand<i32>, ImmLeaf<i32, [{return isInt<16>(Imm);}]> {
  let FastIselShouldIgnore = true;
}

class ArchInst<dag outs, dag ins, string asm, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Pattern = pattern;
  let Size = 4;
}

def ADD : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "add", [(set GPR:$rd, (add GPR:$rs1, GPR:$rs2))]>;
def ADDI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm8:$imm), "addi", [(set GPR:$rd, (add GPR:$rs1, simm8:$imm))]>;
def ADDIW : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm16:$imm), "addiw", [(set GPR:$rd, (add GPR:$rs1, simm16:$imm))]>;
def SHLI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, uimm4:$imm), "shli", [(set GPR:$rd, (shl GPR:$rs1, uimm4:$imm))]>;
def SHL : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, i32imm:$imm), "shl", [(set GPR:$rd, (shl GPR:$rs1, (i32 imm:$imm)))]>;
let Predicates = [HasMul] in
def MUL : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "mul", [(set GPR:$rd, (mul GPR:$rs1, GPR:$rs2))]>;
let Predicates = [HasFastMul], AddedComplexity = 5 in
def FMUL : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "fastmul", [(set GPR:$rd, (mul GPR:$rs1, GPR:$rs2))]>;
let Uses = [R0] in
def MULACC : ArchInst<(outs GPR:$rd), (ins GPR:$rs), "mulacc", []>;
def : Pat<(mulhs R0, GPR:$rs), (MULACC GPR:$rs)>;
def LI : ArchInst<(outs GPR:$rd), (ins i32imm:$imm), "li", [(set GPR:$rd, imm:$imm)]>;
def LF : ArchInst<(outs FPR:$rd), (ins f32imm:$imm), "lf", [(set FPR:$rd, fpimm:$imm)]>;
def FADD : ArchInst<(outs FPR:$rd), (ins FPR:$a, FPR:$b), "fadd", [(set FPR:$rd, (fadd FPR:$a, FPR:$b))]>;
def NEG : ArchInst<(outs GPRLow:$rd), (ins GPRLow:$rs), "neg", [(set GPRLow:$rd, (ineg GPRLow:$rs))]>;
def SEXT : ArchInst<(outs DPR:$rd), (ins GPR:$rs), "sext", [(set DPR:$rd, (sext GPR:$rs))]>;
def ZEXT : ArchInst<(outs DPR:$rd), (ins GPR:$rs), "zext", [(set DPR:$rd, (zext GPR:$rs))]>;
def TOF : ArchInst<(outs FPR:$rd), (ins GPR:$rs), "tof", [(set FPR:$rd, (sint_to_fp GPR:$rs))]>;
def TOFB : ArchInst<(outs GPR:$rd), (ins GPR:$rs), "tofb", [(set GPR:$rd, (bitreverse GPR:$rs))]>;
def : Pat<(i32 (trunc DPR:$rs)), (EXTRACT_SUBREG DPR:$rs, sub_lo)>;
def SRLP : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, i32imm:$imm), "srlp", [(set GPR:$rd, (srl GPR:$rs1, uimm2ptr:$imm))]>;
def TRH : ArchInst<(outs HPR:$rd), (ins DPR:$rs), "trh", [(set HPR:$rd, (trunc DPR:$rs))]>;
def MADD : ArchInst<(outs GPR:$rd), (ins GPR:$a, GPR:$b, GPR:$c), "madd", [(set GPR:$rd, (add (mul GPR:$a, GPR:$b), GPR:$c))]>;
