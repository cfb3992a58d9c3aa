// Register classes chosen by hardware mode: their match classes and the table that resolves them (LLVM 22).
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
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
