// An X86 instruction without one of the encoding fields the tables read.
// ARGS: --gen-x86-mnemonic-tables -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def X86 : Target { let InstructionSet = TestInstrInfo; }
class X86Inst : Instruction { let Namespace = "X86"; let OutOperandList = (outs); let InOperandList = (ins); bits<7> FormBits = 1; bit isAsmParserOnly = 0; bit ForceDisassemble = 0; }
def NOOP : X86Inst { let AsmString = "nop"; }
