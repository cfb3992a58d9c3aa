// A pattern of several alternatives (a PatFrags root) whose result is a RegClassByHwMode
// class of several types (LLVM 23): the first alternative meets the result while it is still
// open in each mode and takes a type set by mode; it narrows the result, so that the later
// alternatives, already equal to it, keep their simple sets. A leaf shared by the
// alternatives (the fragment's argument) has one type set: the one the first alternative's
// constraints expanded to each mode, which expands the later alternatives' roots too.
// RELEASE: 23
// ARGS: --gen-dag-isel -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"

def IsWide : Predicate<"Subtarget->isWide()">;
def Wide : HwMode<[IsWide]>;

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

foreach i = 0...3 in {
  def X#i : Register<"x"#i>;
  def Y#i : Register<"y"#i>;
  def S#i : Register<"s"#i>;
}
def XRegs : RegisterClass<"Arch", [i64, f64], 64, (sequence "X%u", 0, 3)>;
def YRegs : RegisterClass<"Arch", [i64, f64], 64, (sequence "Y%u", 0, 3)>;
def SRegs : RegisterClass<"Arch", [f32, i32], 32, (sequence "S%u", 0, 3)>;
def PtrRC : RegClassByHwMode<[DefaultMode, Wide], [XRegs, YRegs]>;

class ArchInst<dag outs, dag ins, string asm> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Size = 4;
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;
}

def MAD : ArchInst<(outs PtrRC:$rd), (ins PtrRC:$rs1, PtrRC:$rs2), "mad">;
def EXT : ArchInst<(outs PtrRC:$rd), (ins SRegs:$rs1), "ext">;

def addsub : PatFrags<(ops node:$a, node:$b), [(add node:$a, node:$b), (sub node:$a, node:$b)]>;
def : Pat<(i64 (addsub i64:$a, i64:$b)), (MAD $a, $b)>;
def : Pat<(f64 (any_fpextend f32:$src)), (EXT $src)>;
