// A small X86: the encoding fields the X86 tables read, register classes of three sizes, typed
// memory operands and immediates. Included by the fold-table and instruction-mapping cases.
include "llvm/Target/Target.td"

def TestInstrInfo : InstrInfo;
def ATT : AsmWriter;
def X86 : Target { let InstructionSet = TestInstrInfo; let AssemblyWriters = [ATT]; }

def EAX : Register<"eax">;
def AL : Register<"al">;
def XMM0 : Register<"xmm0">;
def ZMM0 : Register<"zmm0">;
def ST0 : Register<"st0">;
def GR32 : RegisterClass<"X86", [i32], 32, (add EAX)>;
def GR8 : RegisterClass<"X86", [i8], 8, (add AL)>;
def GR8_NOREX : RegisterClass<"X86", [i8], 8, (add AL)>;
def VR128 : RegisterClass<"X86", [v4i32], 128, (add XMM0)>;
def VR512 : RegisterClass<"X86", [v16i32], 512, (add ZMM0)>;
def RST : RegisterClass<"X86", [f80], 32, (add ST0)>;
def VK16 : RegisterClass<"X86", [v16i1], 16, (add EAX)>;

class X86MemOperand<int size> : Operand<iPTR> {
  let OperandType = "OPERAND_MEMORY";
  int Size = size;
}
def i8mem : X86MemOperand<8>;
def i32mem : X86MemOperand<32>;
def f32mem : X86MemOperand<32>;
def i64mem : X86MemOperand<64>;
def f128mem : X86MemOperand<128>;
def f512mem : X86MemOperand<512>;
class X86Imm<ValueType vt> : Operand<vt> { let OperandType = "OPERAND_IMMEDIATE"; }
def u8imm : X86Imm<i8>;
def u32imm : X86Imm<i32>;

// Forms (FormBits) and encodings (OpEncBits) as X86's.
defvar MRMDestMem = 24;
defvar MRMSrcMem = 25;
defvar MRM4m = 36;
defvar MRM6m = 38;
defvar MRMDestReg = 40;
defvar MRMSrcReg = 41;
defvar MRM4r = 52;
defvar MRM6r = 54;
defvar VEX = 1;
defvar EVEX = 3;

class X86Inst<bits<8> opcode, int form, dag outs, dag ins, string asm, int enc = 0> : Instruction {
  let Namespace = "X86";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  bits<7> FormBits = form;
  bits<3> OpPrefixBits = 0;
  bits<4> OpMapBits = 0;
  bits<8> Opcode = opcode;
  bits<2> OpEncBits = enc;
  bits<2> OpSizeBits = 0;
  bits<2> AdSizeBits = 0;
  bits<7> CD8_Scale = 0;
  bits<2> explicitOpPrefixBits = 0;
  bit hasREX_W = 0;
  bit hasVEX_4V = 0;
  bit IgnoresW = 0;
  bit ignoresVEX_L = 0;
  bit hasEVEX_L2 = 0;
  bit hasEVEX_K = 0;
  bit hasEVEX_Z = 0;
  bit hasEVEX_B = 0;
  bit hasEVEX_U = 0;
  bit hasEVEX_NF = 0;
  bit hasEVEX_RC = 0;
  bit hasLockPrefix = 0;
  bit hasNoTrackPrefix = 0;
  bit hasTwoConditionalOps = 0;
  bit hasVEX_L = 0;
  bit isAsmParserOnly = 0;
  bit ForceDisassemble = 0;
  bits<7> VectSize = !if(hasEVEX_L2, 64, !if(hasVEX_L, 32, 16));
}

// An instruction that is there only by name.
class Named : X86Inst<0, 0, (outs), (ins), "">;
