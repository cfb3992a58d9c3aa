// The NEON sample with LLVM 19's bits: a laneq intrinsic calls the q splat, and Sema's bounds of
// immediates come from isShift, isScalarShift, isVCVT_N and isVXAR.
include "NeonSample.td"

let isLaneQ = 1 in
def VMUL_LANEQ  : IOpInst<"vmul_laneq", "..QI", "sQf", OP_MUL_LN>;
let isShift = 1 in {
def VSHR_N      : SInst<"vshr_n", "..I", "csUlQs">;
def VSLI_N      : WInst<"vsli_n", "...I", "cPsQUl">;
}
let isScalarShift = 1 in {
def VRSHRD_N    : SInst<"vrshr_n", "11I", "SlSUl">;
def VCVTS_N     : SInst<"vcvt_n_f32", "(1F)(1!)I", "SiSUi">;
}
let isVCVT_N = 1 in {
def VCVT_N_F32  : SInst<"vcvt_n_f32", "F(.!)I", "iUiQi">;
def VCVT_N_S32  : SInst<"vcvt_n_s32", "S.I", "fQf">;
def VCVTH_N     : SInst<"vcvth_n_f16", "(1F)(1!)I", "sUs">;
}
let isVXAR = 1 in
def VXAR        : SInst<"vxar", "...I", "QUl">;
def VEXT        : WInst<"vext", "...I", "cUcQsQf">;
