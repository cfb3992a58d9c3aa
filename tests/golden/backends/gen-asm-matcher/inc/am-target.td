// A small target for --gen-asm-matcher: two assembly parser variants (one with a register
// prefix), registers with alternative names and a register tuple, user operand classes (a
// super-class, a custom parser, diagnostics, an optional operand with its default), and
// instructions that exercise tied operands (with -DNEAR_MISSES: a parser reporting near misses,
// without the mnemonic first), a two-operand alias, a split complex operand, a
// custom converter, singleton registers, variants and required features.
def TestInstrInfo : InstrInfo;
def TestAsmParser : AsmParser {
  let ShouldEmitMatchRegisterAltName = 1;
  let AllowDuplicateRegisterNames = 1;
#ifdef NEAR_MISSES
  let ReportMultipleNearMisses = 1;
  let HasMnemonicFirst = 0;
  let CallCustomParserForAllOperands = 1;
  let PreferSmallerInstructions = 1;
  let AsmParserInstCleanup = "cleanUp";
  let OperandParserMethod = "parseAnyOperand";
#endif
}
def ATTVariant : AsmParserVariant { let Name = "att"; let RegisterPrefix = "%"; }
def IntelVariant : AsmParserVariant { let Name = "intel"; let Variant = 1; let CommentDelimiter = ";"; }
def Test : Target {
  let InstructionSet = TestInstrInfo;
  let AssemblyParsers = [TestAsmParser];
  let AssemblyParserVariants = [ATTVariant, IntelVariant];
}
def FeatureA : SubtargetFeature<"a", "HasA", "true", "A">;
def FeatureB : SubtargetFeature<"b", "HasB", "true", "B">;
def HasA : Predicate<"HasA">, AssemblerPredicate<(all_of FeatureA), "a">;
def HasAOrNotB : Predicate<"HasAOrNotB">, AssemblerPredicate<(any_of FeatureA, (not FeatureB)), "a or not b">;
def NotForAsm : Predicate<"Subtarget->isFast()">;
let Namespace = "Test" in {
  def sub_lo : SubRegIndex<32>;
  def sub_hi : SubRegIndex<32, 32>;
  foreach i = 0-7 in
    def R#i : Register<"r"#i, ["x"#i]>;
  def SP : Register<"sp", ["r7"]>;
  def FLAGS : Register<"flags">;
}
def GPR : RegisterClass<"Test", [i32], 32, (add (sequence "R%u", 0, 7), SP)> {
  let DiagnosticString = "expected a general register";
}
def LowGPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 3)>;
def OddGPR : RegisterClass<"Test", [i32], 32, (add R1, R3, R5, R7)>;
def Pairs : RegisterTuples<[sub_lo, sub_hi], [(add R0, R2, R4), (add R1, R3, R5)]>;
def PairGPR : RegisterClass<"Test", [i64], 64, (add Pairs)>;
def CCR : RegisterClass<"Test", [i32], 32, (add FLAGS)> { let isAllocatable = 0; }
def GPRAsmOperand : AsmOperandClass { let Name = "GPRAsm"; let ParserMethod = "parseGPR"; }
def GPROp : RegisterOperand<GPR> { let ParserMatchClass = GPRAsmOperand; }

def SImm8AsmOperand : AsmOperandClass {
  let Name = "SImm8";
  let SuperClasses = [ImmAsmOperand];
  let DiagnosticType = "InvalidSImm8";
}
def UImm4AsmOperand : AsmOperandClass {
  let Name = "UImm4";
  let SuperClasses = [SImm8AsmOperand];
  let DiagnosticString = "immediate must be in [0, 15]";
  let PredicateMethod = "isUImm<4>";
  let RenderMethod = "addImmOperands";
}
def CondCodeAsmOperand : AsmOperandClass {
  let Name = "CondCode";
  let ParserMethod = "parseCondCode";
  let IsOptional = 1;
  let DefaultMethod = "defaultCondCode";
}
def simm8 : Operand<i32> { let ParserMatchClass = SImm8AsmOperand; }
def uimm4 : Operand<i32> { let ParserMatchClass = UImm4AsmOperand; }
def imm32 : Operand<i32>;
def cc : Operand<i32> { let ParserMatchClass = CondCodeAsmOperand; }
def brtarget : Operand<OtherVT>;
def memri : Operand<i32> { let MIOperandInfo = (ops GPR:$base, simm8:$off); }
def pair : Operand<i32> { let MIOperandInfo = (ops imm32, imm32); }

let Namespace = "Test" in {
  def ADD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b);
    let AsmString = "add{l}\t{$b, $a, $dst|$dst, $a, $b}";
  }
  def SUB : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b, cc:$c);
    let AsmString = "sub$c\t$dst, $a, $b";
    let Predicates = [HasA, NotForAsm];
  }
  def ADDI : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, simm8:$imm);
    let AsmString = "addi\t$dst, $a, $imm";
    let TwoOperandAliasConstraint = "$dst = $a";
  }
  def ANDI : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, uimm4:$imm);
    let AsmString = "andi\t$dst, $a, $imm";
    let Predicates = [HasAOrNotB];
  }
  def INC : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$src);
    let Constraints = "$src = $dst";
    let AsmString = "inc\t$dst";
  }
  def XCHG : Instruction {
    let OutOperandList = (outs GPR:$d1, GPR:$d2);
    let InOperandList = (ins GPR:$s1, GPR:$s2);
    let Constraints = "$s1 = $d1, $s2 = $d2";
    let AsmString = "xchg\t$d1, $d2";
  }
  def MOVOP : Instruction {
    let OutOperandList = (outs GPROp:$dst);
    let InOperandList = (ins GPROp:$src);
    let AsmString = "mov\t$dst, $src";
  }
  def MOVP : Instruction {
    let OutOperandList = (outs PairGPR:$dst);
    let InOperandList = (ins PairGPR:$src);
    let AsmString = "movp\t$dst, $src";
  }
  def LD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins memri:$addr);
    let AsmString = "ld\t$dst, [$addr]";
  }
  def LDP : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins pair:$p);
    let AsmString = "ldp\t$dst, $p";
  }
  def BR : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins brtarget:$target);
    let AsmString = "br\t$target";
  }
  def PUSHSP : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "push\t{%sp|sp}";
  }
  def PUSHF : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins CCR:$f);
    let AsmString = "pushf\t$f";
  }
  def CUSTOM : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$a2);
    let AsmString = "custom\t$dst, $a, $a";
    let AsmMatchConverter = "cvtCustom";
  }
  def DUP : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b);
    let AsmString = "dup\t$dst, $a, $a";
  }
  def INTELONLY : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "intel.only";
    let AsmVariantName = "intel";
  }
  def CGONLY : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "cgonly";
    let isCodeGenOnly = 1;
  }
  def NOP : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins);
    let AsmString = "nop";
  }
}
