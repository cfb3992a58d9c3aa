// An intrinsic whose LLVMName is not a string.
// ARGS: --gen-intrinsic-impl
// RELEASE: 22
class IntrinsicProperty { bit IsDefault = false; }
class Intrinsic { int LLVMName = 5; string TargetPrefix = ""; }
def int_foo : Intrinsic;
