// DXIL operations (LLVM 23): versions, classes, parameter types, attributes by version,
// function types, intrinsic selections, shader kinds and the operation table.
// RELEASE: 23
// ARGS: --gen-dxil-operation
class Intrinsic;
def int_fabs : Intrinsic;
def int_dx_dot : Intrinsic;
class Version<int major, int minor> {
  int Major = major;
  int Minor = minor;
}
def DXIL1_0 : Version<1, 0>;
def DXIL1_2 : Version<1, 2>;
def DXIL1_6 : Version<1, 6>;
class DXILOpParamType {
  int isOverload = 0;
}
let isOverload = 1 in def OverloadTy : DXILOpParamType;
def VoidTy : DXILOpParamType;
def Int32Ty : DXILOpParamType;
def HalfTy : DXILOpParamType;
def FloatTy : DXILOpParamType;
def DoubleTy : DXILOpParamType;
def ResRetInt16Ty : DXILOpParamType;
def HandleTy : DXILOpParamType;
class DXILOpClass;
def unary : DXILOpClass;
def binary : DXILOpClass;
def dot2 : DXILOpClass;
def barrier : DXILOpClass;
class DXILShaderStage;
def compute : DXILShaderStage;
def pixel : DXILShaderStage;
def vertex : DXILShaderStage;
def all_stages : DXILShaderStage;
def removed : DXILShaderStage;
class DXILAttribute;
def ReadNone : DXILAttribute;
def ReadOnly : DXILAttribute;
def NoDuplicate : DXILAttribute;
class Overloads<Version ver, list<DXILOpParamType> ols> {
  Version dxil_version = ver;
  list<DXILOpParamType> overload_types = ols;
}
class Stages<Version ver, list<DXILShaderStage> st> {
  Version dxil_version = ver;
  list<DXILShaderStage> shader_stages = st;
}
class Attributes<Version ver = DXIL1_0, list<DXILAttribute> attrs> {
  Version dxil_version = ver;
  list<DXILAttribute> fn_attrs = attrs;
}
class IntrinArgSelectType;
def IntrinArgSelect_Index : IntrinArgSelectType;
def IntrinArgSelect_I8 : IntrinArgSelectType;
class IntrinArgSelect<IntrinArgSelectType type_, int value_> {
  IntrinArgSelectType type = type_;
  int value = value_;
}
class IntrinSelect<Intrinsic intrinsic_, list<IntrinArgSelect> arg_selects_ = []> {
  Intrinsic intrinsic = intrinsic_;
  list<IntrinArgSelect> arg_selects = arg_selects_;
}
class DXILOp<int opcode, DXILOpClass opclass> {
  string Doc = "";
  int OpCode = opcode;
  DXILOpClass OpClass = opclass;
  list<IntrinSelect> intrinsics = [];
  DXILOpParamType result;
  list<DXILOpParamType> arguments = [];
  list<Overloads> overloads = [];
  list<Stages> stages;
  list<Attributes> attributes = [];
}

// Defined out of opcode order; overloads, stages and attributes given out of version order.
def Dot2 : DXILOp<54, dot2> {
  let Doc = "dot product";
  let intrinsics = [IntrinSelect<int_dx_dot, [IntrinArgSelect<IntrinArgSelect_I8, 3>]>];
  let result = OverloadTy;
  let arguments = [OverloadTy, OverloadTy, Int32Ty];
  let overloads = [Overloads<DXIL1_6, [HalfTy]>, Overloads<DXIL1_0, [FloatTy, DoubleTy]>];
  let stages = [Stages<DXIL1_2, [compute, pixel]>, Stages<DXIL1_0, [all_stages]>];
  let attributes = [Attributes<DXIL1_6, [ReadOnly]>, Attributes<DXIL1_0, [ReadNone, NoDuplicate]>];
}
def Abs : DXILOp<6, unary> {
  let Doc = "absolute value";
  let intrinsics = [IntrinSelect<int_fabs>, IntrinSelect<int_dx_dot, [IntrinArgSelect<IntrinArgSelect_Index, 0>]>];
  let result = OverloadTy;
  let arguments = [OverloadTy];
  let overloads = [Overloads<DXIL1_0, [HalfTy, ResRetInt16Ty]>];
  let stages = [Stages<DXIL1_0, [all_stages]>];
}
def Barrier : DXILOp<80, barrier> {
  let result = VoidTy;
  let overloads = [Overloads<DXIL1_0, []>];
  let stages = [Stages<DXIL1_0, [compute]>, Stages<DXIL1_6, [removed]>];
  let attributes = [Attributes<DXIL1_0, []>];
}
def CreateHandle : DXILOp<57, binary> {
  let result = HandleTy;
  let arguments = [Int32Ty, Int32Ty];
  let stages = [Stages<DXIL1_0, [vertex, pixel]>];
}
