// LLVM 23 requires IIT_Done to be the IIT code 0.
// ARGS: --gen-intrinsic-impl
// RELEASE: 23
class IntrinsicProperty { bit IsDefault = false; }
class IIT_Base<int num> { int Number = num; }
def IIT_I1 : IIT_Base<1>;
class Intrinsic;
