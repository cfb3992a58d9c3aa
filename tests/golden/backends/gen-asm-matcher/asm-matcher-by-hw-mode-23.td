// Register classes and a fixed register chosen by hardware mode: the match table, and the converter that asks the subtarget's mode for the register (LLVM 23).
// RELEASE: 23
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def Mode64 : HwMode<[HasA]>;
def ModeSmall : HwMode<[HasAOrNotB]>;
def PtrRC : RegClassByHwMode<[DefaultMode, Mode64], [LowGPR, GPR]>;
def OddRC : RegClassByHwMode<[Mode64, ModeSmall], [OddGPR, LowGPR]>;
let Namespace = "Test" in {
  def PTRMOV : Instruction {
    let OutOperandList = (outs PtrRC:$dst);
    let InOperandList = (ins PtrRC:$src);
    let AsmString = "ptrmov $dst, $src";
  }
  def ODDMOV : Instruction {
    let OutOperandList = (outs OddRC:$dst);
    let InOperandList = (ins GPR:$src);
    let AsmString = "oddmov $dst, $src";
  }
}
def PtrZero : RegisterByHwMode<PtrRC, [DefaultMode, Mode64], [R0, R1]>;
def : InstAlias<"ptrzero $dst", (PTRMOV PtrRC:$dst, PtrZero)>;
