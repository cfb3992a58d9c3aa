// A type cast without an operand (LLVM 23): the input's tree is dropped after the error (the
// pattern dumped first, with no trees yet), and LLVM goes on: the result's instruction
// operand of ptr_rc is "cannot update node type from unknown operand!", reported for the
// result and again for its retyping (`Temp`), each after its dump; the table is written. A
// named cast is "Type cast should not have a name!": the result then names inputs the pattern
// no longer has, the first in the order of LLVM's StringMap.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
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
def : Pat<(i64 (load (iPTR:$src))), (LD $val, $src)>;
def : Pat<(add (i64 XRegs:$a):$named, XRegs:$b), (ADD $a, $b)>;
def : Pat<(sub XRegs:$a, XRegs:$b), (ADD $a, $b)>;
