// An X86 instruction class without `explicitOpPrefixBits`, which the EVEX compression reads first.
// RELEASE: 22
// ARGS: --gen-x86-instr-mapping -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def ATT : AsmWriter;
def X86 : Target { let InstructionSet = TestInstrInfo; let AssemblyWriters = [ATT]; }
def EAX : Register<"eax">;
def GR32 : RegisterClass<"X86", [i32], 32, (add EAX)>;
def i32mem : Operand<iPTR> { let OperandType = "OPERAND_MEMORY"; }
class X86Inst<int form, dag outs, dag ins> : Instruction {
  let Namespace = "X86";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = "push\t$x";
  bits<7> FormBits = form;
  bits<3> OpPrefixBits = 0;
  bits<4> OpMapBits = 0;
  bits<8> Opcode = 0xff;
  bits<2> OpEncBits = 0;
  bits<2> OpSizeBits = 0;
  bits<2> AdSizeBits = 0;
  bits<7> CD8_Scale = 0;
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
  bit hasTwoConditionalOps = 0;
  bit hasVEX_L = 0;
  bit isAsmParserOnly = 0;
  bit ForceDisassemble = 0;
}
def PUSH32r : X86Inst<54, (outs), (ins GR32:$x)>;
def PUSH32rmm : X86Inst<38, (outs), (ins i32mem:$x)>;
