// Variable-length encodings (Inst a dag of segments): their known bits, operands from
// `(operand ...)` and `(slice ...)` segments with a custom decoder, an operand tied to another,
// the length table and the interpreter that makes up bits (LLVM 22).
// RELEASE: 22
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def VInstrInfo : InstrInfo;
def V : Target { let InstructionSet = VInstrInfo; }
foreach i = 0-7 in def R#i : Register<"r"#i> { let Namespace = "V"; let HWEncoding = i; }
def GR : RegisterClass<"V", [i16], 16, (sequence "R%u", 0, 7)>;
def vimm : Operand<i16>;
class VI<dag outs, dag ins, dag enc> : Instruction {
  let Namespace = "V";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = "";
  let Size = 0;
  dag Inst = enc;
}
def MOV : VI<(outs GR:$rd), (ins GR:$rs), (ascend (operand "$rs", 3), (operand "$rd", 3), 0b0000000001)>;
def LDI : VI<(outs GR:$rd), (ins vimm:$imm),
             (ascend (operand "$rd", 3), 0b0000000000010, (operand "$imm", 16, (decoder "decodeImm16")))>;
def ADDI : VI<(outs GR:$rd), (ins GR:$src, vimm:$imm),
              (ascend (operand "$rd", 3), 0b0000000000011, (slice "$imm", 7, 0), (slice "$imm", 15, 8))> {
  let Constraints = "$src = $rd";
}
def NOP : VI<(outs), (ins), (ascend 0b0000000000000100)>;
