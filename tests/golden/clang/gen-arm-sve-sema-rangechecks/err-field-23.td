// An immediate check with LLVM 19's fields only.
// RELEASE: 23
// ARGS: -gen-arm-sve-sema-rangechecks
class EltType<int val> { int Value = val; }
def EltTyInt8 : EltType<1>;
class MemEltType<int val> { int Value = val; }
class FlagType<int val> { int Value = val; }
def EltTypeMask : FlagType<0xf>; def MemEltTypeMask : FlagType<0x70>; def MergeTypeMask : FlagType<0x380>;
class MergeType<int val> { int Value = val; }
class ImmCheckType<int val> { int Value = val; }
def ImmCheck0_7 : ImmCheckType<6>;
class ImmCheck<int arg, ImmCheckType kind> { int Arg = arg; int EltSizeArg = -1; ImmCheckType Kind = kind; }
class Inst {
  string Name = "svfoo"; string Prototype = "ddi"; string Types = "c";
  string SVETargetGuard = "sve"; string SMETargetGuard = "";
  int Merge = 0; string MergeSuffix = ""; int MemEltType = 0; string LLVMIntrinsic = "";
  list<FlagType> Flags = []; list<ImmCheck> ImmChecks = [ImmCheck<1, ImmCheck0_7>];
}
def SVFOO : Inst;
