// A RegClassByHwMode naming one mode twice: the first pattern that uses it is the
// constructor's fatal "duplicate RegisterClass entry for HwMode".
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def IsWide : Predicate<"Subtarget->isWide()">;
def Wide : HwMode<[IsWide]>;
defvar WideAlias = Wide;
def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }
def X0 : Register<"x0">;
def Y0 : Register<"y0">;
def XRegs : RegisterClass<"Arch", [i64], 64, (add X0)>;
def YRegs : RegisterClass<"Arch", [i64], 64, (add Y0)>;
def PtrRC : RegClassByHwMode<[DefaultMode, Wide, WideAlias], [XRegs, YRegs, XRegs]>;
def ADD : Instruction {
  let Namespace = "Arch";
  let OutOperandList = (outs PtrRC:$dst);
  let InOperandList = (ins PtrRC:$a, PtrRC:$b);
  let AsmString = "add";
  let Pattern = [(set PtrRC:$dst, (add PtrRC:$a, PtrRC:$b))];
}
