// A target with two HW modes (a 32- and a 64-bit one, no default mode) whose register class
// and immediate are typed by mode, and a fragment cast to a 64-bit type used under a cast to
// the mode's type: the pattern has a type only in the 64-bit mode. The includer gives
// llvm/Target/Target.td and the modes RV32 and RV64 (HwMode's arguments differ by release).

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

def XLenVT : ValueTypeByHwMode<[RV32, RV64], [i32, i64]>;
def XLenRI : RegInfoByHwMode<[RV32, RV64], [RegInfo<32,32,32>, RegInfo<64,64,64>]>;

foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [XLenVT], 32, (sequence "R%u", 0, 7)> {
  let RegInfos = XLenRI;
  let Size = 64;
}
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
def ADDW : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "addw", []>;
def ADDIW : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm12:$imm), "addiw", []>;

// Only the 32 low bits of the result are used.
class binop_allwusers<SDPatternOperator operator>
    : PatFrag<(ops node:$lhs, node:$rhs), (i64 (operator node:$lhs, node:$rhs)), [{
  return hasAllWUsers(Node);
}]>;

def : Pat<(XLenVT (add (XLenVT GPR:$rs1), (XLenVT GPR:$rs2))), (ADD GPR:$rs1, GPR:$rs2)>;
let Predicates = [IsRV64] in {
def : Pat<(XLenVT (binop_allwusers<add> (XLenVT GPR:$rs1), (XLenVT GPR:$rs2))),
          (ADDW GPR:$rs1, GPR:$rs2)>;
def : Pat<(XLenVT (binop_allwusers<add> (XLenVT GPR:$rs1), simm12:$imm)),
          (ADDIW GPR:$rs1, simm12:$imm)>;
}
