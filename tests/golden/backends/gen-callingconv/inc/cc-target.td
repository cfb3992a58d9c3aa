// A small target for --gen-callingconv: registers, register tuples and calling conventions
// that use every action of TargetCallingConv.td.
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }

let Namespace = "Test" in {
  foreach i = 0-7 in
    def R#i : Register<"r"#i>;
  def F0 : Register<"f0">;
  def F1 : Register<"f1">;
  def SP : Register<"sp">;
  def sub0 : SubRegIndex<32>;
  def sub1 : SubRegIndex<32, 32>;
}
def GPR : RegisterClass<"Test", [i32], 32, (sequence "R%u", 0, 7)>;
def FPR : RegisterClass<"Test", [f32], 32, (add F0, F1)>;

def CC_Callee : CallingConv<[
  CCIfType<[i8, i16], CCPromoteToType<i32>>,
  CCIfType<[f16], CCPromoteToType<f32>>,
  CCIfType<[i1], CCPromoteToUpperBitsInType<i32>>,
  CCIfType<[v2i16], CCBitConvertToType<i32>>,
  CCIfType<[i64], CCTruncToType<i32>>,
  CCIfType<[v4i32], CCPassIndirect<i32>>,
  CCIfByVal<CCPassByVal<8, 4>>,
  CCIfSwiftError<CCIfType<[i32], CCAssignToReg<[R7]>>>,
  CCIfSwiftSelf<CCAssignToReg<[R6, R5]>>,
  CCIfType<[i32], CCAssignToReg<[R0, R1, R2]>>,
  CCIfType<[f32], CCAssignToReg<[F0]>>,
  CCIfType<[i32, f32, i64], CCAssignToRegWithShadow<[R3], [F1]>>,
  CCIfType<[f32], CCAssignToRegWithShadow<[F0, F1], [R0, R1]>>,
  CCIfType<[f32], CCAssignToRegWithShadow<[F0, F1], []>>,
  CCIfType<[i32], CCAssignToRegAndStack<[R4], 4, 4>>,
  CCIfType<[i32], CCAssignToRegAndStack<[R4, R5], 0, 0>>,
  CCIfNest<CCCustom<"CC_Test_Nest">>,
  CCIfVarArg<CCAssignToStackWithShadow<4, 4, [R0, R1]>>,
  CCIfType<[i32], CCAssignToStack<4, 4>>,
  CCAssignToStack<0, 0>
]>;

def RetCC_Test : CallingConv<[
  CCIfType<[i32], CCAssignToReg<[R0, R1]>>,
  CCDelegateTo<CC_Callee>
]>;

let Entry = 1 in
def CC_Test : CallingConv<[
  CCIfCC<"CallingConv::Fast", CCDelegateTo<RetCC_Test>>,
  CCDelegateTo<CC_Callee>
]>;

def CC_Empty : CallingConv<[]>;
def CC_Hand : CustomCallingConv;

def CSR : CalleeSavedRegs<(add R6, R7)>;
