// A small target with compressed forms of its instructions: registers and a sub-class, immediates
// with predicates, a memory operand of two sub-operands, tied operands, features.
include "llvm/Target/Target.td"

def ArchInstrInfo : InstrInfo;
def ArchAsmWriter : AsmWriter {
  int PassSubtarget = 1;
}
def Arch : Target {
  let InstructionSet = ArchInstrInfo;
  let AssemblyWriters = [ArchAsmWriter];
}

def FeatureC : SubtargetFeature<"c", "HasC", "true", "Compressed instructions">;
def FeatureZ : SubtargetFeature<"z", "HasZ", "true", "Z">;
def FeatureE : SubtargetFeature<"e", "IsE", "true", "E">;
def HasC : Predicate<"Subtarget->hasC()">, AssemblerPredicate<(all_of FeatureC)>;
def HasCOrZ : Predicate<"Subtarget->hasCOrZ()">, AssemblerPredicate<(any_of FeatureC, FeatureZ)>;
def NotE : Predicate<"!Subtarget->isE()">, AssemblerPredicate<(all_of (not FeatureE))>;
def CodeGenOnly : Predicate<"Subtarget->x()">;

foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;
def GPRC : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 1, 3)>;
def GPRMem : RegisterOperand<GPR>;

def simm6 : Operand<i32>, ImmLeaf<i32, [{return isInt<6>(Imm);}]> {
  let MCOperandPredicate = [{
    int64_t Imm;
    if (!MCOp.evaluateAsConstantImm(Imm))
      return false;
    return isInt<6>(Imm);
  }];
}
def simm12 : Operand<i32>, ImmLeaf<i32, [{return isInt<12>(Imm);}]> {
  let MCOperandPredicate = [{ return true; }];
}
def uimm5 : Operand<i32>, ImmLeaf<i32, [{return isUInt<5>(Imm);}]> {
  let MCOperandPredicate = [{
    int64_t Imm;
    return MCOp.evaluateAsConstantImm(Imm) && isUInt<5>(Imm);
  }];
}
def Mem : Operand<iPTR> { let MIOperandInfo = (ops GPR, simm12); }
def MemC : Operand<iPTR> { let MIOperandInfo = (ops GPRC, simm6); }

class ArchInst<int size, dag outs, dag ins, string asm, list<Predicate> preds = []> : Instruction {
  let Namespace = "Arch";
  let Size = size;
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Predicates = preds;
}

def ADDI : ArchInst<4, (outs GPR:$rd), (ins GPR:$rs1, simm12:$imm), "addi $rd, $rs1, $imm">;
def ADD : ArchInst<4, (outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "add $rd, $rs1, $rs2">;
def LW : ArchInst<4, (outs GPR:$rd), (ins Mem:$addr), "lw $rd, $addr">;
def SLLI : ArchInst<4, (outs GPR:$rd), (ins GPR:$rs1, uimm5:$sh), "slli $rd, $rs1, $sh">;
def C_ADDI : ArchInst<2, (outs GPRC:$rd_wb), (ins GPRC:$rd, simm6:$imm), "c.addi $rd, $imm", [HasC]> {
  let Constraints = "$rd = $rd_wb";
}
def C_LI : ArchInst<2, (outs GPRC:$rd), (ins simm6:$imm), "c.li $rd, $imm", [HasC, NotE]>;
def C_MV : ArchInst<2, (outs GPR:$rd), (ins GPR:$rs2), "c.mv $rd, $rs2", [HasCOrZ, CodeGenOnly]>;
def C_ADD : ArchInst<2, (outs GPRC:$rd_wb), (ins GPRC:$rd, GPRC:$rs2), "c.add $rd, $rs2", [HasC]> {
  let Constraints = "$rd = $rd_wb";
}
def C_LW : ArchInst<2, (outs GPRC:$rd), (ins MemC:$addr), "c.lw $rd, $addr", [HasC]>;
def C_SLLI : ArchInst<2, (outs GPRC:$rd_wb), (ins GPRC:$rd, uimm5:$sh), "c.slli $rd, $sh", [HasC]> {
  let Constraints = "$rd = $rd_wb";
}
def C_INC : ArchInst<2, (outs GPRC:$rd_wb), (ins GPRC:$rd), "c.inc $rd", [HasC]> {
  let Constraints = "$rd = $rd_wb";
}
