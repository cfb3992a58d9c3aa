// An operation of the unknown class.
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

def UnknownOpClass : DXILOpClass;
def Abs : DXILOp<6, UnknownOpClass> { let result = OverloadTy; let stages = [Stages<DXIL1_0, [compute]>]; }
