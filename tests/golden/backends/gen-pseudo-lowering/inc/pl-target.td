// A small target for --gen-pseudo-lowering: registers, operands (one complex), instructions.
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
let Namespace = "Test" in {
  foreach i = 0-3 in
    def R#i : Register<"r"#i>;
}
def GPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 3)>;
def simm : Operand<i32>;
def memri : Operand<i32> { let MIOperandInfo = (ops GPR, simm); }
let Namespace = "Test" in {
  def ADD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, GPR:$b);
    let AsmString = "add $dst, $a, $b";
  }
  def ADDI : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins GPR:$a, simm:$imm);
    let AsmString = "addi $dst, $a, $imm";
  }
  def LD : Instruction {
    let OutOperandList = (outs GPR:$dst);
    let InOperandList = (ins memri:$addr);
    let AsmString = "ld $dst, $addr";
  }
  def CALL : Instruction {
    let OutOperandList = (outs);
    let InOperandList = (ins simm:$target, variable_ops);
    let AsmString = "call $target";
    let isCall = 1;
  }
}
