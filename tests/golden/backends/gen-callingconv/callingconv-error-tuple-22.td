// A register tuple name that no register has.
// RELEASE: 22
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
let Namespace = "Test" in {
  foreach i = 0-3 in
    def R#i : Register<"r"#i>;
}
def GPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 3)>;
def CC_Tuples : CallingConv<[
  CCIfType<[i64], CCAssignToRegTuple<["R0_R1", "R2_R3"]>>
]>;
