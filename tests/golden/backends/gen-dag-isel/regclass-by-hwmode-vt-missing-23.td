// A RegClassByHwMode whose default mode's class has a type by HW mode without a default: the
// pattern that uses it is LLVM's fatal "Could not resolve VT for Mode DefaultMode" at the
// RegClassByHwMode, with notes at the type's def and at the pattern's record.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def IsWide : Predicate<"Subtarget->isWide()">;
def Wide : HwMode<[IsWide]>;
def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }
def X0 : Register<"x0">;
def Y0 : Register<"y0">;
def YRegs : RegisterClass<"Arch", [i64], 64, (add Y0)>;
def WideOnly : ValueTypeByHwMode<[Wide], [i64]>;
def XRegs : RegisterClass<"Arch", [i64, WideOnly], 64, (add X0)>;
def PtrRC : RegClassByHwMode<[DefaultMode, Wide], [XRegs, YRegs]>;
def ADD : Instruction {
  let Namespace = "Arch";
  let OutOperandList = (outs PtrRC:$dst);
  let InOperandList = (ins PtrRC:$a, PtrRC:$b);
  let AsmString = "add";
  let Pattern = [(set PtrRC:$dst, (add PtrRC:$a, PtrRC:$b))];
}
