// LLVM 23 reads an intrinsic's TargetFeatures: a class without it fails.
// ARGS: --gen-intrinsic-enums
// RELEASE: 23
class IntrinsicProperty { bit IsDefault = false; }
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; }
def int_foo : Intrinsic;
