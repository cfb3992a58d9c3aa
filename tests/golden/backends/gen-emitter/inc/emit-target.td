// A small target for the code emitter: 16-bit instructions (32 bits wide with BIG), operands
// merged in one range or several, an encoder method, a complex operand and its sub-operands,
// a post-encoder, a pseudo-instruction, and encodings by hardware mode (EncodingInfos).
// The case defines ModeA and ModeB (HwMode's arguments differ between releases) and, with
// BIG, a 96-bit instruction that makes the emitter use APInt.
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }

class TReg<string n, bits<16> enc> : Register<n> { let Namespace = "Test"; let HWEncoding = enc; }
foreach i = 0-7 in def R#i : TReg<"r"#i, i>;
def GR : RegisterClass<"Test", [i16], 16, (sequence "R%u", 0, 7)>;

def imm8 : Operand<i8> { let EncoderMethod = "getImm8Encoding"; }
def memsrc : Operand<i16> {
  let MIOperandInfo = (ops GR, imm8);
  let EncoderMethod = "getMemEncoding";
  let DecoderMethod = "decodeMem";
}
def memdst : Operand<i16> { let MIOperandInfo = (ops GR, imm8); }

class TInst<dag outs, dag ins, string asm> : Instruction {
  let Namespace = "Test";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Size = 2;
  field bits<16> Inst;
  field bits<16> SoftFail = 0;
}

class RRR<bits<4> op, string asm> : TInst<(outs GR:$rd), (ins GR:$rs, GR:$rt), asm> {
  bits<3> rd;
  bits<3> rs;
  bits<3> rt;
  let Inst{15-12} = op;
  let Inst{11-9} = rd;
  let Inst{8-6} = rs;
  let Inst{5-3} = rt;
  let Inst{2-0} = 0b101;
}
def ADD : RRR<0b0001, "add">;
def SUB : RRR<0b0010, "sub">;

// An immediate in two pieces, the high nibble below the low one.
def LDI : TInst<(outs GR:$rd), (ins imm8:$imm), "ldi"> {
  bits<3> rd;
  bits<8> imm;
  let Inst{15-12} = 0b0011;
  let Inst{11-9} = rd;
  let Inst{8} = 0;
  let Inst{7-4} = imm{3-0};
  let Inst{3-0} = imm{7-4};
}

// A complex operand, encoded whole by its encoder method, and one of its sub-operands by name.
def LD : TInst<(outs GR:$rd), (ins memsrc:$src), "ld"> {
  bits<3> rd;
  bits<9> src;
  let Inst{15-12} = 0b0100;
  let Inst{11-9} = rd;
  let Inst{8-0} = src;
}
def ST : TInst<(outs), (ins GR:$rv, (memdst $base, $off):$dst), "st"> {
  bits<3> rv;
  bits<3> base;
  bits<6> off;
  let Inst{15-12} = 0b0101;
  let Inst{11-9} = rv;
  let Inst{8-6} = base;
  let Inst{5-0} = off;
}

def JMP : TInst<(outs), (ins GR:$target), "jmp"> {
  bits<3> target;
  let Inst{15-3} = 0b0110000000000;
  let Inst{2-0} = target;
  let PostEncoderMethod = "fixupJump";
}

def NOP : TInst<(outs), (ins), "nop"> { let Inst = 0; }
def SPILL : TInst<(outs), (ins GR:$r), "spill"> { let isPseudo = 1; let Inst = 0; }

// Encodings by mode: ModeA moves the register field; ModeB encodes as the default does.
def MOV_Default : InstructionEncoding {
  let Size = 2;
  field bits<16> Inst;
  bits<3> rd;
  let Inst{15-3} = 0b0111000000000;
  let Inst{2-0} = rd;
}
def MOV_A : InstructionEncoding {
  let Size = 2;
  field bits<16> Inst;
  bits<3> rd;
  let Inst{15-12} = 0b0111;
  let Inst{11-9} = rd;
  let Inst{8-0} = 0b111111111;
}
def MOV_B : InstructionEncoding {
  let Size = 2;
  field bits<16> Inst;
  bits<3> rd;
  let Inst{15-3} = 0b0111000000000;
  let Inst{2-0} = rd;
}
def MOV : TInst<(outs GR:$rd), (ins), "mov"> {
  let EncodingInfos = EncodingByHwMode<[DefaultMode, ModeA, ModeB], [MOV_Default, MOV_A, MOV_B]>;
}
