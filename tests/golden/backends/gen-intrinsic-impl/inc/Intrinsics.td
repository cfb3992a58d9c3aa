// A small model of llvm/IR/Intrinsics.td: properties, types and the Intrinsic class.
class IntrinsicProperty<bit is_default = false> { bit IsDefault = is_default; }
def IntrNoMem : IntrinsicProperty;
def IntrReadMem : IntrinsicProperty;
def IntrWriteMem : IntrinsicProperty;
def IntrArgMemOnly : IntrinsicProperty;
def IntrInaccessibleMemOnly : IntrinsicProperty;
def Commutative : IntrinsicProperty;
def Throws : IntrinsicProperty;
def IntrNoReturn : IntrinsicProperty;
def IntrNoSync : IntrinsicProperty<true>;
def IntrWillReturn : IntrinsicProperty;
def IntrCold : IntrinsicProperty;
def IntrConvergent : IntrinsicProperty;
def IntrSpeculatable : IntrinsicProperty;
def IntrHasSideEffects : IntrinsicProperty;
class ArgIndex<int idx> { int Value = idx; }
def FirstArg : ArgIndex<1>;
def SecondArg : ArgIndex<2>;
class NoCapture<ArgIndex idx> : IntrinsicProperty { int ArgNo = idx.Value; }
class ImmArg<ArgIndex idx> : IntrinsicProperty { int ArgNo = idx.Value; }
class Align<ArgIndex idx, int align> : IntrinsicProperty { int ArgNo = idx.Value; int Align = align; }
class Dereferenceable<ArgIndex idx, int bytes> : IntrinsicProperty { int ArgNo = idx.Value; int Bytes = bytes; }
class SDNodeProperty;
def SDNPHasChain : SDNodeProperty;

class LLVMType<int sig> { list<int> Sig = [sig]; bit isAny = false; }
def llvm_void_ty : LLVMType<0>;
def llvm_i32_ty : LLVMType<7>;
def llvm_i64_ty : LLVMType<8>;
def llvm_ptr_ty : LLVMType<18>;
def llvm_any_ty : LLVMType<29> { let isAny = true; }
def llvm_v4f32_ty : LLVMType<40>;

class Intrinsic<list<LLVMType> ret_types, list<LLVMType> param_types = [],
                list<IntrinsicProperty> intr_properties = [],
                string name = "", list<SDNodeProperty> sd_properties = [],
                bit disable_default_attributes = true> {
  string LLVMName = name;
  string TargetPrefix = "";
  list<LLVMType> RetTypes = ret_types;
  list<LLVMType> ParamTypes = param_types;
  list<LLVMType> Types = !listconcat(ret_types, param_types);
  bit isOverloaded = !foldl(false, Types, o, t, !or(o, t.isAny));
  list<IntrinsicProperty> IntrProperties = intr_properties;
  list<SDNodeProperty> Properties = sd_properties;
  bit DisableDefaultAttributes = disable_default_attributes;
  list<list<int>> TypeSig = !foreach(t, Types, t.Sig);
}
class ClangBuiltin<string name> { string ClangBuiltinName = name; }
class MSBuiltin<string name> { string MSBuiltinName = name; }
class DefaultAttrsIntrinsic<list<LLVMType> ret_types, list<LLVMType> param_types = [],
                            list<IntrinsicProperty> intr_properties = []>
  : Intrinsic<ret_types, param_types, intr_properties, "", [], false>;

def ArgKind {
  int Any = 0;
  int AnyInteger = 1;
  int MatchType = 7;
}
class IIT_Base<int num> { int Number = num; }
def IIT_Done : IIT_Base<0>;
def IIT_I32 : IIT_Base<4>;
def IIT_ANY : IIT_Base<29>;
