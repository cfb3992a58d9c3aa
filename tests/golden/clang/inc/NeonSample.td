// A sample of arm_neon.td's intrinsics, for every release's arm_neon_incl.td: builtin calls of
// each class (polymorphic, scalar, sret, pointers, immediates), operations of every kind
// (op, call, call_mangled, cast, bitcast, shuffle masks, dup, dup_typed, splat, save_temp,
// name_replace, literal), big-endian variants, macros calling macros,
// reinterprets and guards.
include "arm_neon_incl.td"

// arm_neon_incl.td has no def for the splat operation.
def splat;

def OP_ADD      : Op<(op "+", $p0, $p1)>;
def OP_NEG      : Op<(op "-", $p0)>;
def OP_MLA      : Op<(op "+", $p0, (op "*", $p1, $p2))>;
def OP_MUL_N    : Op<(op "*", $p0, (dup $p1))>;
def OP_MUL_LN   : Op<(op "*", $p0, (call_mangled "splat_lane", $p1, $p2))>;
def OP_ADDL     : Op<(op "+", (call "vmovl", $p0), (call "vmovl", $p1))>;
def OP_EQ       : Op<(bitcast "R", (op "==", $p0, $p1))>;
def OP_GT       : Op<(cast "R", (op ">", $p0, $p1))>;
def OP_CAST     : LOp<[(save_temp $promote, $p0),
                       (bitcast "R", $promote)]>;
def OP_HI       : Op<(shuffle $p0, $p0, (highhalf mask0))>;
def OP_LO       : Op<(shuffle $p0, $p0, (lowhalf mask0))>;
def OP_CONC     : Op<(shuffle $p0, $p1, (add mask0, mask1))>;
def OP_REV64    : Op<(shuffle $p0, $p0, (rev 64, mask0))>;
def OP_REV16    : Op<(shuffle $p0, $p0, (rev 16, mask0))>;
def OP_TRN1     : Op<(shuffle $p0, $p1, (interleave (decimate mask0, 2),
                                                    (decimate mask1, 2)))>;
def OP_ZIP2     : Op<(shuffle $p0, $p1, (highhalf (interleave mask0, mask1)))>;
def OP_UZP2     : Op<(shuffle $p0, $p1, (add (decimate (rotl mask0, 1), 2),
                                             (decimate (rotl mask1, 1), 2)))>;
def OP_SEL      : Op<(bitcast "R", (op "|",
                                    (op "&", $p0, (bitcast $p0, $p1)),
                                    (op "&", (op "~", $p0), (bitcast $p0, $p2))))>;
def OP_SQXTUN   : Op<(call "vcombine", (bitcast $p0, "U", $p0),
                                       (call "vqmovun", $p1))>;
def OP_REINT    : Op<(bitcast "R", $p0)>;
def OP_MOVL_HI  : LOp<[(save_temp $a1, (call "vget_high", $p0)),
                       (bitcast "R",
                            (call "vshll_n", $a1, (literal "int32_t", "0")))]>;
def OP_LONG_HI  : Op<(bitcast "R", (call (name_replace "_high_", "_"),
                                                (call "vget_high", $p0), $p1))>;
def OP_NARROW_HI : Op<(bitcast "R", (call "vcombine",
                                       (bitcast "R", "H", $p0),
                                       (bitcast "R", "H",
                                           (call (name_replace "_high_", "_"),
                                                 $p1, $p2))))>;
def OP_HALF_GET_LN : Op<(bitcast "float16_t",
                            (call "vget_lane", (bitcast "int16x4_t", $p0), $p1))>;
def OP_DUP_TYPED : Op<(dup_typed $p0, $p1)>;
def OP_DUP_NAMED : Op<(dup_typed "uint8x16_t", $p0)>;
def OP_SPLAT    : Op<(splat $p0, $p1)>;
def OP_WIDEN    : Op<(cast "8", "D", "32", $p0)>;

def SPLAT       : WInst<"splat_lane", ".(!q)I", "UcsPcfQUcQsQPcQf">;
def SPLATQ      : WInst<"splat_laneq", ".(!Q)I", "UcsPcfQUcQsQPcQf">;
def VADD        : IOpInst<"vadd", "...", "csfUcQcQsQf", OP_ADD>;
def VNEG        : SOpInst<"vneg", "..", "sQf", OP_NEG>;
def VMLA        : IOpInst<"vmla", "....", "sQUc", OP_MLA>;
def VMUL_N      : IOpInst<"vmul_n", "..1", "sQf", OP_MUL_N>;
def VMUL_LANE   : IOpInst<"vmul_lane", "..qI", "sQf", OP_MUL_LN>;
def VMOVL       : SInst<"vmovl", "(>Q).", "cUs">;
def VADDL       : SOpInst<"vaddl", "(>Q)..", "cUs", OP_ADDL>;
def VCEQ        : IOpInst<"vceq", "U..", "csfPcQUc", OP_EQ>;
def VCGT        : SOpInst<"vcgt", "U..", "sQf", OP_GT>;
def VCVT_F32    : SOpInst<"vcvt_f32", "F(.!)", "iQUi", OP_CAST>;
def VGET_HIGH   : NoTestOpInst<"vget_high", ".Q", "csUcUsPcf", OP_HI>;
def VGET_LOW    : NoTestOpInst<"vget_low", ".Q", "csUc", OP_LO>;
def VCOMBINE    : NoTestOpInst<"vcombine", "Q..", "csUcf", OP_CONC>;
def VREV64      : WOpInst<"vrev64", "..", "csUcQf", OP_REV64>;
def VREV16      : WOpInst<"vrev16", "..", "cQUc", OP_REV16>;
def VTRN1       : SOpInst<"vtrn1", "...", "sQUc", OP_TRN1>;
def VZIP2       : SOpInst<"vzip2", "...", "sQUc", OP_ZIP2>;
def VUZP2       : SOpInst<"vuzp2", "...", "sQUc", OP_UZP2>;
def VBSL        : SInst<"vbsl", ".U..", "csfQUc">;
def VBSL_OP     : SOpInst<"vbsl_op", ".U..", "sQf", OP_SEL>;
def VQMOVUN     : SInst<"vqmovun", "(U<)Q", "sil">;
def VQMOVUN_HIGH : SOpInst<"vqmovun_high", "(<U)(<q).", "Hs", OP_SQXTUN>;
def VSHLL_N     : SInst<"vshll_n", "(>Q).I", "cUs">;
def VMOVL_HIGH  : SOpInst<"vmovl_high", ">.", "HcHUs", OP_MOVL_HI>;
def VSHRN_N     : IInst<"vshrn_n", "<QI", "silUsUi">;
def VSHRN_HIGH_N : IOpInst<"vshrn_high_n", "<(<q).I", "HsHiHUs", OP_NARROW_HI>;
def VSHLL_HIGH_N : SOpInst<"vshll_high_n", ">.I", "HcHUs", OP_LONG_HI>;
def VMULL       : SInst<"vmull", "(>Q)..", "cUs">;
def VMULL_HIGH_N : SOpInst<"vmull_high_n", "(>Q)Q1", "sUs", OP_LONG_HI>;
def VMULL_N     : SInst<"vmull_n", "(>Q).1", "sUs">;
def VGET_LANE   : IInst<"vget_lane", "1.I", "csUcfsQs">;
def VSET_LANE   : IInst<"vset_lane", ".1.I", "csUcf">;
def VGET_LANE_H : IOpInst<"vget_lane_h", "1.I", "h", OP_HALF_GET_LN>;
def VDUP_TYPED  : SOpInst<"vdup_typed", "..1", "sQf", OP_DUP_TYPED>;
def VDUP_NAMED  : SOpInst<"vdup_named", "Q1", "Uc", OP_DUP_NAMED>;
def VSPLAT      : SOpInst<"vsplat", "..I", "sQf", OP_SPLAT>;
def VWIDEN      : SOpInst<"vwiden", "..", "s", OP_WIDEN>;
def VLD1        : WInst<"vld1", ".(c*!)", "QUcQsQfcsPc">;
def VLD1_LANE   : WInst<"vld1_lane", ".(c*!).I", "QUcQsQfcsPc">;
def VLD2        : WInst<"vld2", "2(c*!)", "QUcQfcs">;
def VST1        : WInst<"vst1", "v*(.!)", "QUcQsQf">;
def VST1_X2     : WInst<"vst1_x2", "v*(2!)", "csQf">;
def VTBL2       : WInst<"vtbl2", ".2p", "UccPc">;
def VQADD       : SInst<"vqadd", "...", "csUlQc">;
def VQADD_S     : SInst<"vqadd", "111", "ScSsSUl">;
def VSHL_N      : SInst<"vshl_n", "..I", "cUsQl">;
def VFMA        : SInst<"vfma", "....", "fQf"> { let ArchGuard = "defined(__ARM_FEATURE_FMA)"; }
def VCVT_F16_F32 : SInst<"vcvt_f16_f32", "(<q)(.!)", "Hf">;
def VRECPE_H    : SInst<"vrecpe", "11", "Sh">;
def VNEG_H      : SOpInst<"vneg_h", "11", "Sh", OP_NEG>;
def VDIV        : SOpInst<"vdiv", "...", "fQd", OP_ADD> {
  let ArchGuard = "defined(__aarch64__) || defined(__arm64ec__)";
}
def VMAX_BF     : SInst<"vmax_bf", "...", "bQb"> { let TargetGuard = "bf16,neon"; }
def VCVT_BF     : SInst<"vcvt_f32_bf16", "(F>)(Bq!)", "Qb"> { let TargetGuard = "bf16,neon"; }
def VUNAVAIL    : SOpInst<"vunavailable", "..", "fQf", OP_UNAVAILABLE>;
def VSAFE       : SOpInst<"vsafe", "...", "csQf", OP_ADD> { let BigEndianSafe = 1; }
def VREINTERPRET : NoTestOpInst<"vreinterpret", "..", "csUcfQcQf", OP_REINT> {
  let CartesianProductWith = "csUcfQcQf";
  let ArchGuard = "!defined(__aarch64__) && !defined(__arm64ec__)";
  let BigEndianSafe = 1;
}
def VREINTERPRET_X : NoTestOpInst<"vreinterpret", "..", "cQc", OP_REINT> {
  let CartesianProductWith = "Pl";
}
def VQDMULH_LANE : SInst<"vqdmulh_lane", "..qI", "siQsQi">;
def VNOTHING    : SInst<"vnothing", "", "c">;
