// An intrinsic without its LLVM intrinsic's name.
// ARGS: -gen-arm-sme-header
class EltType<int val> { int Value = val; }
class MemEltType<int val> { int Value = val; }
class FlagType<int val> { int Value = val; }
class MergeType<int val> { int Value = val; }
class ImmCheckType<int val> { int Value = val; }
class Inst {
  string Name = "svfoo"; string Prototype = "dd"; string Types = "c";
  string SVETargetGuard = ""; string SMETargetGuard = "sme";
  int Merge = 0; string MergeSuffix = ""; int MemEltType = 0;
}
def SVFOO : Inst;
