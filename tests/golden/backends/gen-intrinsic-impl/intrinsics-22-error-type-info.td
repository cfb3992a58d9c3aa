// An intrinsic whose TypeInfo is not a TypeInfoGen.
// ARGS: --gen-intrinsic-impl
// RELEASE: 22
class IntrinsicProperty { bit IsDefault = false; }
class NotTypeInfo { bit isOverloaded = false; }
def not_type_info : NotTypeInfo;
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; list<int> RetTypes = []; NotTypeInfo TypeInfo = not_type_info; }
def int_foo : Intrinsic;
