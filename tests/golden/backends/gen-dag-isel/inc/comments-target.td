// A target whose patterns give the commented table (without -omit-comments) most of its forms:
// a physical register copied in and an implicit definition, a zero register, an immediate
// converted to a target constant, a transform, a nested instruction (an EmitNode with its
// results), a complex pattern with a chain, a register class and a sub-register index by
// name, negative and wide integers, a switch on types, an instruction whose results its
// pattern sets in another order, a vector type numbered above 127. The includer gives
// llvm/Target/Target.td.

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

def sub_lo : SubRegIndex<32>;
def sub_hi : SubRegIndex<32, 32>;
foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
let SubRegIndices = [sub_lo, sub_hi] in
foreach i = 0...3 in
def D#i : RegisterWithSubRegs<"d"#i, [!cast<Register>("R"#!mul(i, 2)), !cast<Register>("R"#!add(!mul(i, 2), 1))]>;
def FLAGS : Register<"flags">;
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;
def FPR : RegisterClass<"Arch", [f32], 32, (sequence "R%u", 0, 7)>;
def DPR : RegisterClass<"Arch", [i64, f64], 64, (sequence "D%u", 0, 3)>;
def VPR : RegisterClass<"Arch", [v32f64, v4i32], 128, (add R0)>;
def CCR : RegisterClass<"Arch", [i32], 32, (add FLAGS)> { let CopyCost = -1; }

def simm12 : Operand<i32>, ImmLeaf<i32, [{return isInt<12>(Imm);}]>;
def Neg : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(-N->getSExtValue(), SDLoc(N), MVT::i32);
}]>;
def negimm : PatLeaf<(imm), [{ return isInt<12>(-N->getSExtValue()); }], Neg>;
def AddrChain : ComplexPattern<iPTR, 2, "SelectAddrChain", [], [SDNPHasChain]>;

class ArchInst<dag outs, dag ins, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = "";
  let Pattern = pattern;
  let Size = 4;
  let hasSideEffects = 0;
}

def ADDI : ArchInst<(outs GPR:$rd), (ins GPR:$rs, simm12:$imm),
                    [(set GPR:$rd, (add GPR:$rs, simm12:$imm))]>;
def SUBI : ArchInst<(outs GPR:$rd), (ins GPR:$rs, simm12:$imm), []>;
def : Pat<(add GPR:$rs, negimm:$imm), (SUBI GPR:$rs, (Neg imm:$imm))>;
def CMP : ArchInst<(outs), (ins GPR:$a, GPR:$b), []> { let Defs = [FLAGS]; }
def SETCC : ArchInst<(outs GPR:$rd), (ins), []> { let Uses = [FLAGS]; }
def SHLR : ArchInst<(outs GPR:$rd), (ins GPR:$rs), []> { let Uses = [R7]; }
def : Pat<(shl i32:$rs, (i32 R7)), (SHLR GPR:$rs)>;
def MOVZ : ArchInst<(outs GPR:$rd), (ins GPR:$rs), []>;
def : Pat<(i32 0), (MOVZ (i32 R0))>;
def : Pat<(i32 -1000), (ADDI (MOVZ (i32 R0)), -1000)>;
def : Pat<(i32 100000), (ADDI (MOVZ (i32 R0)), 2047)>;
def LD : ArchInst<(outs GPR:$rd), (ins GPR:$base, simm12:$off), []> { let mayLoad = 1; }
def : Pat<(i32 (load (AddrChain GPR:$base, simm12:$off))), (LD GPR:$base, simm12:$off)>;
def EXTRACT : ArchInst<(outs GPR:$rd), (ins DPR:$rs), []>;
def : Pat<(i32 (trunc DPR:$rs)), (EXTRACT_SUBREG DPR:$rs, sub_lo)>;
def : Pat<(i64 (anyext GPR:$rs)), (COPY_TO_REGCLASS (INSERT_SUBREG (i64 (IMPLICIT_DEF)), GPR:$rs, sub_lo), DPR)>;
def FNEG : ArchInst<(outs FPR:$rd), (ins FPR:$rs), [(set FPR:$rd, (fneg f32:$rs))]>;
def XOR : ArchInst<(outs GPR:$rd), (ins GPR:$a, GPR:$b), [(set GPR:$rd, (xor i32:$a, i32:$b))]>;
def : Pat<(setcc i32:$a, i32:$b, SETEQ), (XOR GPR:$a, GPR:$b)>;
def : Pat<(i32 1), (ADDI (MOVZ zero_reg), 1)>;
def VXOR : ArchInst<(outs VPR:$rd), (ins VPR:$a, VPR:$b), [(set VPR:$rd, (xor v4i32:$a, v4i32:$b))]>;
def VADD : ArchInst<(outs VPR:$rd), (ins VPR:$a, VPR:$b), [(set VPR:$rd, (fadd v32f64:$a, v32f64:$b))]>;
def DIVREM : ArchInst<(outs GPR:$rem, GPR:$quot), (ins GPR:$a, GPR:$b),
                      [(set GPR:$quot, GPR:$rem, (sdivrem GPR:$a, GPR:$b))]>;
