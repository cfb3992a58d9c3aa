// What LLVM 23 adds to SVE's types: 'y', signed elements of half the width.
include "SveSample20.td"
def ImmCheckShiftRightNarrow : ImmCheckType<4>;
let SMETargetGuard = InvalidMode in {
  def SVQSHRN : SInst<"svqshrn[_n]_{0}[_{d}]", "ydi", "il", MergeNone, "aarch64_sve_sqshrn",
                      [], [ImmCheck<1, ImmCheckShiftRightNarrow, 0>]>;
}
