// Macro fusions with predicates of every kind: on the first, the second and both instructions.
// ARGS: --gen-macro-fusion-pred -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
let Namespace = "Test" in {
  def R0 : Register<"r0">;
  def R1 : Register<"r1">;
}
def GPR : RegisterClass<"Test", [i32], 32, (add R0, R1)>;
let Namespace = "Test", OutOperandList = (outs GPR:$d), InOperandList = (ins GPR:$a, GPR:$b) in {
  def ADD : Instruction { let isCommutable = 1; }
  def SUB : Instruction;
  def LUI : Instruction;
  def SHL : Instruction;
}
def IsLUIOrSHL : CheckOpcode<[LUI, SHL]>;
def TestFusion1 : SimpleFusion<"fuse-1", "HasFuse1", "Test fusion 1",
  CheckAll<[IsLUIOrSHL, CheckImmOperand<2, 0>]>,
  CheckAny<[CheckOpcode<[ADD]>, CheckNot<CheckIsRegOperand<1>>, CheckInvalidRegOperand<2>]>>;
def TestFusion2 : SingleFusion<"fuse-2", "HasFuse2", "Test fusion 2", LUI, ADD,
  CheckImmOperandLT<1, 8>, CheckRegOperand<0, R1>>;
def TestFusion3 : Fusion<"fuse-3", "HasFuse3", "Test fusion 3", [
  FusionPredicateWithCode<"  if (!FirstMI) return false;\n">,
  BothFusionPredicateWithMCInstPredicate<CheckNumOperands<3>>,
  SameReg<0, 2>,
  WildcardFalse,
  TieReg<0, 2>
]>;
def TestFusion4 : Fusion<"fuse-4", "HasFuse4", "Test fusion 4", [TieReg<1, 1>, OneUse]> {
  let IsCommutable = 1;
}
