// The NEON sample with LLVM 20's forms: a laneq intrinsic calls the q splat by its name, Sema's
// checks of immediates are the defs' ImmChecks, mfloat8 intrinsics are AArch64's only, VInst
// names take no type suffix, and the FP8 mode register is an operand.
include "NeonSample.td"

def VMUL_LANEQ  : IOpInst<"vmul_laneq", "..QI", "sQf", OP_MUL_LN>;
def VSHR_N      : SInst<"vshr_n", "..I", "csUlQs", [ImmCheck<1, ImmCheckShiftRight>]>;
def VSLI_N      : WInst<"vsli_n", "...I", "cPsQUl", [ImmCheck<2, ImmCheckShiftLeft, 0>]>;
def VEXT        : WInst<"vext", "...I", "cUcQsQf", [ImmCheck<2, ImmCheckLaneIndex, 0>]>;
def VTWO        : SInst<"vtwo", "..II", "sQf",
                        [ImmCheck<2, ImmCheck0_7>, ImmCheck<1, ImmCheckLaneIndex, 0>]>;
def VGET_HIGH_MF8 : NoTestOpInst<"vget_high", ".Q", "m", OP_HI>;
def VADD_MF8    : SInst<"vadd_mf8", "...", "mQm"> { let ArchGuard = "defined(__ARM_FEATURE_FP8)"; }
def VCVT_FPM    : VInst<"vcvt1_bf16_mf8_fpm", "(QB).V", "mQm"> { let TargetGuard = "fp8,neon"; }
def VCVT2_FPM   : VInst<"vcvt2_low_bf16_mf8_fpm", "(QB).V", "Qm"> {
  let ArchGuard = "defined(__aarch64__)";
}
def VDOT_FPM    : VInst<"vdot_lane_f16_mf8_fpm", "(>F)(>F).(Q)IV", "mQm",
                        [ImmCheck<3, ImmCheck0_3, 0>]>;
