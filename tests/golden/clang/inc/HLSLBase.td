// A small model of clang's HLSLIntrinsics.td (LLVM 23): the type, shader model and matrix
// classes and the HLSLBuiltin class that -gen-hlsl-alias-intrinsics and
// -gen-hlsl-inline-intrinsics read; the cases add their HLSLBuiltin defs.

class HLSLArgType;
class HLSLReturnType;
def VoidTy : HLSLReturnType;

class HLSLType<string name> : HLSLArgType, HLSLReturnType {
  string Name = name;
  bit Is16Bit = 0;
  bit IsConditionally16Bit = 0;
}

def BoolTy   : HLSLType<"bool">;
def HalfTy   : HLSLType<"half">   { let IsConditionally16Bit = 1; }
def FloatTy  : HLSLType<"float">;
def DoubleTy : HLSLType<"double">;
def Int16Ty  : HLSLType<"int16_t">  { let Is16Bit = 1; }
def UInt16Ty : HLSLType<"uint16_t"> { let Is16Bit = 1; }
def IntTy    : HLSLType<"int">;
def UIntTy   : HLSLType<"uint">;
def Int64Ty  : HLSLType<"int64_t">;
def UInt64Ty : HLSLType<"uint64_t">;

def Varying : HLSLArgType, HLSLReturnType;
def VaryingElemType : HLSLArgType, HLSLReturnType;
class VaryingShape<HLSLType ty> : HLSLArgType, HLSLReturnType {
  HLSLType ElementType = ty;
}
class VectorType<HLSLType ty, int size> : HLSLArgType, HLSLReturnType {
  HLSLType ElementType = ty;
  int Size = size;
}

class ShaderModel<int major, int minor> {
  int Major = major;
  int Minor = minor;
}
def NoSM  : ShaderModel<0, 0>;
foreach i = 0...9 in
  def SM6_ #i : ShaderModel<6, i>;

class MatDim<int rows, int cols> {
  int Rows = rows;
  int Cols = cols;
}
foreach r = 1...4 in
  foreach c = 1...4 in
    def Mat#r#"x"#c : MatDim<r, c>;

class HLSLBuiltin<string name, string builtin = ""> {
  string Name = name;
  string Builtin = builtin;
  string Doc = "";
  string DetailFunc = "";
  code Body = "";
  HLSLReturnType ReturnType = VoidTy;
  list<HLSLArgType> Args = [];
  list<string> ParamNames = [];
  bit IsConstexpr = 0;
  bit IsConvergent = 0;
  list<HLSLType> VaryingTypes = [];
  bit VaryingScalar = 0;
  list<int> VaryingVecSizes = [];
  list<MatDim> VaryingMatDims = [];
  ShaderModel Availability = NoSM;
}

class HLSLDetail<string name, string detail> : HLSLBuiltin<name> {
  let DetailFunc = detail;
}
