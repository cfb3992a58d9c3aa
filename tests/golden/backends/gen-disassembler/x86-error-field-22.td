// An X86 instruction class without `hasEVEX_U`, which LLVM 22's disassembler emitter reads
// (19's does not): the error names the first instruction.
// RELEASE: 22
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def X86 : Target { let InstructionSet = TestInstrInfo; }
def EAX : Register<"eax">;
def GR32 : RegisterClass<"X86", [i32], 32, (add EAX)>;
class X86Inst<bits<8> opcode> : Instruction {
  let Namespace = "X86";
  let OutOperandList = (outs);
  let InOperandList = (ins GR32:$reg);
  let AsmString = "push\t$reg";
  bits<7> FormBits = 2;
  bits<3> OpPrefixBits = 0;
  bits<4> OpMapBits = 0;
  bits<8> Opcode = opcode;
  bits<2> OpEncBits = 0;
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
  bit hasEVEX_NF = 0;
  bit hasTwoConditionalOps = 0;
  bit hasVEX_L = 0;
  bit isAsmParserOnly = 0;
  bit ForceDisassemble = 0;
}
def PUSH32r : X86Inst<0x50>;
