// CCAssignToRegTuple names registers that a RegisterTuples def synthesizes.
// RELEASE: 23
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
let Namespace = "Test" in {
  foreach i = 0-3 in
    def R#i : Register<"r"#i>;
  def sub0 : SubRegIndex<32>;
  def sub1 : SubRegIndex<32, 32>;
}
def Pairs : RegisterTuples<[sub0, sub1], [(add R0, R2), (add R1, R3)]>;
def GPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 3)>;
def CC_Tuples : CallingConv<[
  CCIfType<[i64], CCAssignToRegTuple<["R0_R1", "R2_R3"]>>,
  CCIfType<[f64], CCAssignToRegTuple<["R2_R3"]>>,
  CCIfType<[i32], CCAssignToReg<[R0, R1]>>
]>;
