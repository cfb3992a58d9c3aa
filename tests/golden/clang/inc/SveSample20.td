// What LLVM 20 adds to SVE's types: mfloat8 (type code 'm', modifiers '~' and '!'), the FP8
// mode register ('>', the `_fpm` names and SetsFPMR), svint64_t ('#').
include "SveSample.td"
let SMETargetGuard = InvalidMode in {
  def SVDUP_MF8 : SInst<"svdup[_n]_{d}", "d!", "m", MergeNone, "aarch64_sve_dup_x">;
  def SVREINT_MF8 : SInst<"svsel[_{d}]", "dPdd", "m", MergeNone, "aarch64_sve_sel">;
  def SVCVT_F8 : SInst<"svcvt1_{d}[_mf8]", "d~>", "hb", MergeNone, "aarch64_sve_fp8_cvt1">;
  def SVFDOT : SInst<"svdot[_{d}_mf8]", "dd~~>", "f", MergeNone, "aarch64_sve_fp8_fdot">;
  def SVFDOT_N : SInst<"svdot[_n_{d}_mf8]", "dd~!>", "h", MergeNone, "aarch64_sve_fp8_fdot">;
  def SVWHILE64 : SInst<"svtbl[_{d}]", "dd#", "l", MergeNone, "aarch64_sve_tbl">;
}
let SVETargetGuard = "sve2p1,(bf16|f16)", SMETargetGuard = "sme2|sme-f64f64" in {
  def SVMIX : SInst<"svmix[_{d}_x2]", "22.ui", "Ui", MergeNone, "aarch64_sve_mix",
                    [VerifyRuntimeMode], [ImmCheck<2, ImmCheck0_7, 1>]>;
}
