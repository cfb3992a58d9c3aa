// A small target for --gen-asm-writer: registers with alternative names, operands (one
// complex, one PC-relative, one with a predicate), instructions whose assembly strings use
// variants, modifiers, escapes and tied operands, and two assembly writers.
def TestInstrInfo : InstrInfo;
def ATTAsmWriter : AsmWriter { let PassSubtarget = 1; }
def IntelAsmWriter : AsmWriter { let AsmWriterClassName = "IntelInstPrinter"; let Variant = 1; }
def Test : Target {
  let InstructionSet = TestInstrInfo;
  let AssemblyWriters = [ATTAsmWriter, IntelAsmWriter];
}
def FeatureA : SubtargetFeature<"a", "HasA", "true", "A">;
def FeatureB : SubtargetFeature<"b", "HasB", "true", "B">;
def HasA : Predicate<"HasA">, AssemblerPredicate<(all_of FeatureA)>;
def HasAOrNotB : Predicate<"HasAOrNotB">, AssemblerPredicate<(any_of FeatureA, (not FeatureB))>;
let Namespace = "Test" in {
  def ABIRegAltName : RegAltNameIndex;
  def NumRegAltName : RegAltNameIndex { let FallbackRegAltNameIndex = ABIRegAltName; }
  foreach i = 0-7 in
    def R#i : Register<"r"#i, ["a"#i, "n"#i]> { let RegAltNameIndices = [ABIRegAltName, NumRegAltName]; }
  def SP : Register<"sp", ["sp", ""]> { let RegAltNameIndices = [ABIRegAltName, NumRegAltName]; }
}
def GPR : RegisterClass<"Test", [i32], 32, (add (sequence "R%u", 0, 7), SP)>;
def LowGPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 3)>;
def GPROp : RegisterOperand<GPR> { let PrintMethod = "printGPR"; }
def simm : Operand<i32>;
def uimm : Operand<i32> {
  let PrintMethod = "printUImm";
  let MCOperandPredicate = [{
    int64_t Imm;
    return MCOp.evaluateAsConstantImm(Imm) && Imm >= 0;
  }];
}
def brtarget : Operand<OtherVT> { let OperandType = "OPERAND_PCREL"; let PrintMethod = "printBranch"; }
def memri : Operand<i32> { let MIOperandInfo = (ops GPR:$base, simm:$off); let PrintMethod = "printMem"; }
let Namespace = "Test" in {
  def ADD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b);
    let AsmString = "add{l}\t{$b, $a, $dst|$dst, $a, $b}";
  }
  def SUB : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b);
    let AsmString = "sub{l}\t{$b, $a, $dst|$dst, $a, $b}";
  }
  def ADDI : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, simm:$imm);
    let AsmString = "addi\t$dst, $a, $imm";
  }
  def ANDI : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, uimm:$imm);
    let AsmString = "andi\t$dst, $a, ${imm:hi}";
  }
  def INC : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$src);
    let Constraints = "$src = $dst";
    let AsmString = "inc\t$dst";
  }
  def MOVOP : Instruction {
    let OutOperandList = (outs GPROp:$dst);
    let InOperandList = (ins GPROp:$src);
    let AsmString = "mov\t$dst, $src";
  }
  def LD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins memri:$addr);
    let AsmString = "ld\t$dst, $addr";
  }
  def ST : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins GPR:$src, memri:$addr);
    let AsmString = "st\t$src, ${addr}";
  }
  def BR : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins brtarget:$target);
    let AsmString = "br\t$target";
  }
  def BRC : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins GPR:$c, brtarget:$target);
    let AsmString = "br.$c\t$target";
  }
  def LIT : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "lit \"x\" \\{\\} $$ \\|\\$ \\\\ ${:comment}\nnext";
  }
  def NOP : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "nop";
  }
  def RET : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "ret";
  }
  def PSEUDO : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins);
    let isPseudo = 1;
  }
}
