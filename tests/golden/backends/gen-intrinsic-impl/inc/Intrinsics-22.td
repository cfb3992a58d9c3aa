// A small model of LLVM 22/23's Intrinsics.td: what the intrinsic backends read, with the type
// signature given directly instead of computed.
class IntrinsicProperty<bit is_default = false> { bit IsDefault = is_default; }
def IntrNoMem : IntrinsicProperty;
def IntrReadMem : IntrinsicProperty;
def IntrWriteMem : IntrinsicProperty;
def IntrArgMemOnly : IntrinsicProperty;
def IntrInaccessibleMemOnly : IntrinsicProperty;
def IntrInaccessibleMemOrArgMemOnly : IntrinsicProperty;
def Commutative : IntrinsicProperty;
def Throws : IntrinsicProperty;
def IntrNoReturn : IntrinsicProperty;
def IntrCold : IntrinsicProperty;
def IntrSpeculatable : IntrinsicProperty;
def IntrHasSideEffects : IntrinsicProperty;
def IntrConvergent : IntrinsicProperty;
def IntrNoCreateUndefOrPoison : IntrinsicProperty;
def IntrTriviallyScalarizable : IntrinsicProperty;
def IntrNoSync : IntrinsicProperty<true>;
def IntrNoFree : IntrinsicProperty<true>;
def IntrWillReturn : IntrinsicProperty<true>;
def IntrNoCallback : IntrinsicProperty<true>;

class IntrinsicMemoryLocation;
def InaccessibleMem : IntrinsicMemoryLocation;
def TargetMem0 : IntrinsicMemoryLocation;
def TargetMem1 : IntrinsicMemoryLocation;
def ErrnoMem : IntrinsicMemoryLocation;
def ArgMem : IntrinsicMemoryLocation;
class IntrRead<list<IntrinsicMemoryLocation> l> : IntrinsicProperty { list<IntrinsicMemoryLocation> MemLoc = l; }
class IntrWrite<list<IntrinsicMemoryLocation> l> : IntrinsicProperty { list<IntrinsicMemoryLocation> MemLoc = l; }

class ArgIndex<int n> { int Value = n; }
class NoDefault { int Value = ?; }
class DefaultValue<int v> : NoDefault { let Value = v; }
def NoDefaultValue : NoDefault;
class NoCapture<ArgIndex i> : IntrinsicProperty { int ArgNo = i.Value; }
class NoAlias<ArgIndex i> : IntrinsicProperty { int ArgNo = i.Value; }
class ImmArg<ArgIndex i, NoDefault d = NoDefaultValue> : IntrinsicProperty {
  int ArgNo = i.Value;
  NoDefault Default = d;
}
class Align<ArgIndex i, int a> : IntrinsicProperty { int ArgNo = i.Value; int Align = a; }
class Range<ArgIndex i, int lo, int hi> : IntrinsicProperty { int ArgNo = i.Value; int Lower = lo; int Upper = hi; }
class ArgProperty;
class ArgName<string n> : ArgProperty { string Name = n; }
class ImmArgPrinter<string f> : ArgProperty { string FuncName = f; }
class ArgInfo<ArgIndex i, list<ArgProperty> p> : IntrinsicProperty { int ArgNo = i.Value; list<ArgProperty> Properties = p; }

class SDNodeProperty;
def SDNPHasChain : SDNodeProperty;

class IIT_Base<int num> { int Number = num; }
def IIT_Done : IIT_Base<0>;
def IIT_I32 : IIT_Base<4>;
def IIT_I64 : IIT_Base<5>;
def IIT_PTR : IIT_Base<18>;

class ValueType<int size, bit is_int> { int Size = size; bit isInteger = is_int; }
def i8 : ValueType<8, true>;
def i32 : ValueType<32, true>;
def i64 : ValueType<64, true>;
def f32 : ValueType<32, false>;
def ptr : ValueType<64, false>;
class LLVMType<ValueType vt> { ValueType VT = vt; }
class LLVMAnyType<ValueType vt> : LLVMType<vt>;
class LLVMDependentType<int oidx> : LLVMType<i32> { int OverloadIndex = oidx; }
def llvm_i8_ty : LLVMType<i8>;
def llvm_i32_ty : LLVMType<i32>;
def llvm_i64_ty : LLVMType<i64>;
def llvm_float_ty : LLVMType<f32>;
def llvm_ptr_ty : LLVMType<ptr>;
def llvm_any_ty : LLVMAnyType<i32>;
def llvm_vararg_ty : LLVMType<i32>;

// The signature: the codes of every type, given by the intrinsic.
class TypeInfoGen<list<LLVMType> ret, list<LLVMType> params, list<int> sig,
                  list<LLVMType> overloads = []> {
  list<LLVMType> AllTypes = !listconcat(ret, params);
  list<LLVMType> Types = AllTypes;
  list<LLVMType> OverloadTypes = overloads;
  bit isOverloaded = !not(!empty(overloads));
  list<int> TypeSig = sig;
}

class Intrinsic<list<LLVMType> ret, list<LLVMType> params = [], list<int> sig = [0],
                list<IntrinsicProperty> props = [], string name = "",
                list<SDNodeProperty> sdprops = [], list<LLVMType> overloads = []> {
  string LLVMName = name;
  string TargetPrefix = "";
  string TargetFeatures = "";
  list<LLVMType> RetTypes = ret;
  list<LLVMType> ParamTypes = params;
  list<IntrinsicProperty> IntrProperties = props;
  list<SDNodeProperty> Properties = sdprops;
  bit DisableDefaultAttributes = true;
  TypeInfoGen TypeInfo = TypeInfoGen<ret, params, sig, overloads>;
}
class DefaultAttrsIntrinsic<list<LLVMType> ret, list<LLVMType> params = [], list<int> sig = [0],
                            list<IntrinsicProperty> props = [], string name = "",
                            list<SDNodeProperty> sdprops = [], list<LLVMType> overloads = []>
    : Intrinsic<ret, params, sig, props, name, sdprops, overloads> {
  let DisableDefaultAttributes = false;
}
class ClangBuiltin<string name> { string ClangBuiltinName = name; }
class MSBuiltin<string name> { string MSBuiltinName = name; }
