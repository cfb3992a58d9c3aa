// A small target with selection patterns: instructions' own patterns, Pats, an immediate leaf
// with a predicate, a commutable node (variants), a load through a complex pattern, a
// transform of an immediate.
include "llvm/Target/Target.td"

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;

def simm8 : Operand<i32>, ImmLeaf<i32, [{return isInt<8>(Imm);}]>;
def NegImm : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(-N->getSExtValue(), SDLoc(N), MVT::i32);
}]>;
def negimm8 : PatLeaf<(imm), [{ return isInt<8>(-N->getSExtValue()); }], NegImm>;
def Addr : ComplexPattern<iPTR, 2, "SelectAddr", [], []>;
def memsrc : Operand<i32> { let MIOperandInfo = (ops GPR, simm8); }

class ArchInst<dag outs, dag ins, string asm, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Pattern = pattern;
  let Size = 4;
}

def ADD : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "add $rd, $rs1, $rs2",
                   [(set GPR:$rd, (add GPR:$rs1, GPR:$rs2))]>;
def MUL : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "mul $rd, $rs1, $rs2",
                   [(set GPR:$rd, (mul GPR:$rs1, GPR:$rs2))]>;
def ADDI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm8:$imm), "addi $rd, $rs1, $imm",
                    [(set GPR:$rd, (add GPR:$rs1, simm8:$imm))]>;
def SUBI : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, simm8:$imm), "subi $rd, $rs1, $imm", []>;
def AND : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "and $rd, $rs1, $rs2",
                   [(set GPR:$rd, (and GPR:$rs1, GPR:$rs2))]>;
def XOR : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "xor $rd, $rs1, $rs2",
                   [(set GPR:$rd, (xor GPR:$rs1, GPR:$rs2))]>;
def LW : ArchInst<(outs GPR:$rd), (ins memsrc:$addr), "lw $rd, $addr",
                  [(set GPR:$rd, (load Addr:$addr))]>;
def SW : ArchInst<(outs), (ins GPR:$rs, memsrc:$addr), "sw $rs, $addr",
                  [(store GPR:$rs, Addr:$addr)]>;

def : Pat<(sub GPR:$rs1, negimm8:$imm), (ADDI GPR:$rs1, (NegImm $imm))>;
def : Pat<(not GPR:$rs1), (XOR GPR:$rs1, (ADDI R0, -1))>;
def : Pat<(add (mul GPR:$a, GPR:$b), GPR:$c), (ADD (MUL GPR:$a, GPR:$b), GPR:$c)>;
