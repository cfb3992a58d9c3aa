// A sample of arm_mve.td's intrinsics, over the release's arm_mve_defs.td: polymorphic names of
// every kind, name overrides, immediates of each bound (ranges, element values, lane indices,
// element bits) and extra checks, pointers and addresses, predicates, `seq`, unsigned flags,
// custom code generation, a polymorphic-only non-evaluating intrinsic and (from LLVM 20) a
// strict-FP alternative.
include "arm_mve_defs.td"

let params = T.Usual in {
  foreach n = [2, 4] in {
    def "vld"#n#"q": Intrinsic<MultiVector<n>, (args CPtr<Scalar>),
                               (CustomCodegen<"VLD24"> n:$NumVectors,
                                "Intrinsic::arm_mve_vld"#n#"q":$IRIntr)>;
  }
}

let params = T.Int in {
  def vaddq: Intrinsic<Vector, (args Vector:$a, Vector:$b), (add $a, $b)>;
  def vhaddq: Intrinsic<Vector, (args Vector:$a, Vector:$b),
                        (IRInt<"vhadd", [Vector]> $a, $b, (unsignedflag Scalar))>;
  def vshlq_n: Intrinsic<Vector, (args Vector:$v, imm_0toNm1:$sh),
                         (shl $v, (splat (Scalar $sh)))>;
  let pnt = PNT_NType in
  def vshrq_n: Intrinsic<Vector, (args Vector:$v, imm_1toN:$sh),
                         (immshr $v, $sh, (unsignedflag Scalar))>;
  def vaddq_m: Intrinsic<Vector, (args Vector:$inactive, Vector:$a, Vector:$b, Predicate:$pred),
                         (IRInt<"add_predicated", [Vector, Predicate]> $a, $b, $pred, $inactive)>;
}

let params = [s16, u16, s32, u32] in {
  let pnt = PNT_NType in
  def vbicq_n: Intrinsic<Vector, (args Vector:$v, imm_simd_restrictive:$imm),
                         (and $v, (not (splat (Scalar $imm))))>;
}

let params = T.Float in {
  def vaddq_f: Intrinsic<Vector, (args Vector:$a, Vector:$b), (fadd $a, $b)>,
               NameOverride<"vaddq">;
}

let params = T.All in {
  let pnt = PNT_None in
  def vuninitializedq: Intrinsic<Vector, (args), (undef Vector)>;
  let polymorphicOnly = 1, nonEvaluating = 1,
      pnt = PolymorphicNameType<1, "polymorphic"> in
  def vuninitializedq_polymorphic: Intrinsic<Vector, (args Vector), (undef Vector)>;
  def vgetq_lane: Intrinsic<Scalar, (args Vector:$v, imm_lane:$lane), (xelt_var $v, $lane)>;
  def vsetq_lane: Intrinsic<Vector, (args unpromoted<Scalar>:$e, Vector:$v, imm_lane:$lane),
                            (ielt_var $v, $e, $lane)>;
}

let params = T.All32, pnt = PNT_None in {
  def vldrwq_gather_base: Intrinsic<Vector, (args UVector:$addr, imm_mem7bit<4>:$offset),
      (IRInt<"vldr_gather_base", [Vector, UVector]> $addr, $offset)>;
  def vldrwq_gather_base_wb: Intrinsic<Vector, (args Ptr<UVector>:$addr, imm_mem7bit<4>:$offset),
      (seq (IRInt<"vldr_gather_base_wb", [Vector, UVector]> (load $addr), $offset):$pair,
           (store (xval $pair, 1), $addr),
           (xval $pair, 0))>;
}

let params = [s16, u16] in {
  def: Intrinsic<Vector, (args CPtr<CopyKind<s16, Scalar>>:$addr),
                 (load (address (CPtr<Vector> $addr), 2))>, NameOverride<"vld1q">;
  def: Intrinsic<Void, (args Ptr<CopyKind<s16, Scalar>>:$addr, Vector:$value),
                 (store $value, (address (Ptr<Vector> $addr), 2))>, NameOverride<"vst1q">;
}

let params = T.None in {
  def sqrshr: Intrinsic<s32, (args s32:$value, s32:$sh), (IRInt<"sqrshr"> $value, $sh)>;
  def vpnot: Intrinsic<PredOf<u8>, (args unpromoted<PredOf<u8>>:$pred), (xor $pred, (u16 65535))>;
}
