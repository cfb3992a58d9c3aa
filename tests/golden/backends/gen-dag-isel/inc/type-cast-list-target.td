// An intrinsic of two overloaded results matched with a list of casts, one type for each
// result (`([i16, i32] (int_arch_pair))`, LLVM 22 on); with COUNT, a list of three casts on
// it. The includer gives llvm/Target/Target.td.

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

def R0 : Register<"r0">;
def GPR : RegisterClass<"Arch", [i16, i32], 32, (add R0)>;

def int_arch_pair : Intrinsic<[llvm_anyint_ty, llvm_anyint_ty], []>;

class ArchInst : Instruction {
  let Namespace = "Arch";
  let OutOperandList = (outs GPR:$a, GPR:$b);
  let InOperandList = (ins);
  let AsmString = "";
}
def PAIR_I16_I32 : ArchInst;
def PAIR_I32_I16 : ArchInst;

#ifdef COUNT
def : Pat<([i16, i32, i32] (int_arch_pair)), ([i16, i32] (PAIR_I16_I32))>;
#else
def : Pat<([i16, i32] (int_arch_pair)), ([i16, i32] (PAIR_I16_I32))>;
def : Pat<([i32, i16] (int_arch_pair)), ([i32, i16] (PAIR_I32_I16))>;
#endif
