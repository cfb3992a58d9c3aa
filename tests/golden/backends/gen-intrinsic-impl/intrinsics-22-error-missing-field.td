// An intrinsic class without RetTypes: LLVM 22 reads the field and fails.
// ARGS: --gen-intrinsic-impl
// RELEASE: 22
class IntrinsicProperty { bit IsDefault = false; }
class Intrinsic { string LLVMName = ""; string TargetPrefix = ""; }
def int_foo : Intrinsic;
