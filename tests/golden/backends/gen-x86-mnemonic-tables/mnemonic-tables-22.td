// X86 instructions grouped by mnemonic (assembly writer #0's syntax): pseudos, prefixes, parser-only and non-parsable ones left out.
// RELEASE: 22
// ARGS: --gen-x86-mnemonic-tables -asmwriternum=0 -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def ATT : AsmWriter { let Variant = 0; }
def Intel : AsmWriter { let Variant = 1; }
def X86 : Target { let InstructionSet = TestInstrInfo; let AssemblyWriters = [ATT, Intel]; }
class X86Inst<string asm, bits<7> form = 1> : Instruction {
  let Namespace = "X86";
  let OutOperandList = (outs);
  let InOperandList = (ins);
  let AsmString = asm;
  bits<7> FormBits = form;
  bits<3> OpPrefixBits = 0;
  bits<4> OpMapBits = 0;
  bits<8> Opcode = 0x90;
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
  bit hasEVEX_U = 0;
  bit hasEVEX_NF = 0;
  bit hasTwoConditionalOps = 0;
  bit hasVEX_L = 0;
  bit isAsmParserOnly = 0;
  bit ForceDisassemble = 0;
}
def ADD32rr : X86Inst<"add{l}\t{$src, $dst|$dst, $src}">;
def ADD32ri : X86Inst<"add{l}\t{$src, $dst|$dst, $src}">;
def SUB32rr : X86Inst<"sub{l}\t{$src, $dst|$dst, $src}">;
def JCC_1 : X86Inst<"j${cond}\t$dst">;
def SETCCr : X86Inst<"set${cond}\t$dst">;
def NOOP : X86Inst<"nop">;
def PUSH32r : X86Inst<"push{l}\t$reg">;
def PSEUDO_ADD : X86Inst<"add{l}", 0>;
def LOCK_PREFIX : X86Inst<"lock", 10>;
def ADD32rr_REV : X86Inst<"add{l}\t{$src, $dst|$dst, $src}"> { let isCodeGenOnly = 1; }
def ADD32rr_DIS : X86Inst<"add{l}\t{$src, $dst|$dst, $src}"> { let isCodeGenOnly = 1; let ForceDisassemble = 1; }
def MOV_PARSER : X86Inst<"mov{l}\t$a"> { let isAsmParserOnly = 1; }
def REP_MOVS : X86Inst<"rep;movsl"> { let AsmVariantName = "NonParsable"; }
def NOT_X86 : Instruction { let OutOperandList = (outs); let InOperandList = (ins); let AsmString = "other"; }
