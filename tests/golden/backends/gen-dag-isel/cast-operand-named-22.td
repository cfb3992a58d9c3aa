// A named value type cast (LLVM 22): "Type cast should not have a name!" after the pattern's
// dump (no trees yet); the pattern loses its tree and LLVM goes on: the result names inputs
// the pattern no longer has, the first in the order of LLVM's StringMap.
// RELEASE: 22
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }
def X0 : Register<"x0">;
def X1 : Register<"x1">;
def XRegs : RegisterClass<"Arch", [i64], 64, (add X0, X1)>;
def LD : Instruction {
  let Namespace = "Arch";
  let OutOperandList = (outs XRegs:$dst);
  let InOperandList = (ins ptr_rc:$ptr);
  let AsmString = "ld";
}
def ADD : Instruction {
  let Namespace = "Arch";
  let OutOperandList = (outs XRegs:$dst);
  let InOperandList = (ins XRegs:$a, XRegs:$b);
  let AsmString = "add";
}
def : Pat<(add (i64 XRegs:$a):$named, XRegs:$b), (ADD $a, $b)>;
def : Pat<(sub XRegs:$a, XRegs:$b), (ADD $a, $b)>;
