// A small model of arm_sve_sme_incl.td and of SVE and SME intrinsics, for SveEmitter's
// backends in every release: an ImmCheck has LLVM 19's fields and LLVM 20's.
class ImmCheckType<int val> { int Value = val; }
def ImmCheck0_31 : ImmCheckType<0>;
def ImmCheck1_16 : ImmCheckType<1>;
def ImmCheckExtract : ImmCheckType<2>;
def ImmCheckLaneIndex : ImmCheckType<7>;
def ImmCheck0_13 : ImmCheckType<13>;
def ImmCheck0_7 : ImmCheckType<6>;
def ImmCheck2_4 : ImmCheckType<20>;

class ImmCheck<int arg, ImmCheckType kind, int eltSizeArg = -1> {
  int Arg = arg;
  int EltSizeArg = eltSizeArg;
  int ImmArgIdx = arg;
  int TypeContextArgIdx = eltSizeArg;
  ImmCheckType Kind = kind;
}

class MergeType<int val, string suffix = ""> { int Value = val; string Suffix = suffix; }
def MergeNone : MergeType<0>;
def MergeAny : MergeType<1, "_x">;
def MergeOp1 : MergeType<2, "_m">;
def MergeZero : MergeType<3, "_z">;

class EltType<int val> { int Value = val; }
def EltTyInvalid : EltType<0>;
def EltTyInt8 : EltType<1>;
def EltTyInt16 : EltType<2>;
def EltTyInt32 : EltType<3>;
def EltTyInt64 : EltType<4>;
def EltTyInt128 : EltType<5>;
def EltTyFloat16 : EltType<6>;
def EltTyFloat32 : EltType<7>;
def EltTyFloat64 : EltType<8>;
def EltTyBool8 : EltType<9>;
def EltTyBool16 : EltType<10>;
def EltTyBool32 : EltType<11>;
def EltTyBool64 : EltType<12>;
def EltTyBFloat16 : EltType<13>;
def EltTyMFloat8 : EltType<14>;

class MemEltType<int val> { int Value = val; }
def MemEltTyDefault : MemEltType<0>;
def MemEltTyInt8 : MemEltType<1>;
def MemEltTyInt16 : MemEltType<2>;

class FlagType<int val> { int Value = val; }
def NoFlags : FlagType<0x00000000>;
def EltTypeMask : FlagType<0x0000000f>;
def MemEltTypeMask : FlagType<0x00000070>;
def MergeTypeMask : FlagType<0x00000380>;
def SplatOperandMask : FlagType<0x00001C00>;
def IsLoad : FlagType<0x00002000>;
def IsOverloadNone : FlagType<0x00100000>;
def IsStreaming : FlagType<0x2000000000>;
def IsStreamingCompatible : FlagType<0x4000000000>;
def VerifyRuntimeMode : FlagType<0x40000000000>;
def IsInZA : FlagType<0x80000000000>;
def IsOutZA : FlagType<0x100000000000>;
def IsInOutZA : FlagType<0x200000000000>;
def IsInZT0 : FlagType<0x400000000000>;
def IsOutZT0 : FlagType<0x800000000000>;
def IsInOutZT0 : FlagType<0x1000000000000>;
def SetsFPMR : FlagType<0x2000000000000>;

defvar InvalidMode = "";

class Inst<string n, string p, string t, MergeType mt, string i,
           list<FlagType> ft, list<ImmCheck> ch, MemEltType met = MemEltTyDefault> {
  string Name = n;
  string Prototype = p;
  string Types = t;
  string SVETargetGuard = "sve";
  string SMETargetGuard = "sme";
  int Merge = mt.Value;
  string MergeSuffix = mt.Suffix;
  string LLVMIntrinsic = i;
  list<FlagType> Flags = ft;
  list<ImmCheck> ImmChecks = ch;
  int MemEltType = met.Value;
}

class SInst<string n, string p, string t, MergeType mt, string i = "",
            list<FlagType> ft = [], list<ImmCheck> ch = []>
    : Inst<n, p, t, mt, i, ft, ch, MemEltTyDefault>;

class MInst<string n, string p, string t, list<FlagType> f,
            MemEltType met = MemEltTyDefault, string i = "", list<ImmCheck> ch = []>
    : Inst<n, p, t, MergeNone, i, f, ch, met>;

// SVE only: the types of every base type code, merge forms, a splat, immediates.
let SMETargetGuard = InvalidMode in {
  def SVABD_M : SInst<"svabd[_{d}]", "dPdd", "csilUcUsUiUlhfd", MergeOp1, "aarch64_sve_sabd">;
  def SVABD_N_Z : SInst<"svabd[_n_{d}]", "dPda", "csil", MergeZero, "aarch64_sve_sabd">;
  def SVLD1 : MInst<"svld1[_{2}]", "dPc", "csilUcUsUiUlhfdb", [IsLoad], MemEltTyInt8, "aarch64_sve_ld1">;
  def SVEXT : SInst<"svext[_{d}]", "dddi", "csilUcUsUiUl", MergeNone, "aarch64_sve_ext",
                    [], [ImmCheck<2, ImmCheckExtract, 1>]>;
  def SVPTRUE : SInst<"svptrue_pat_{d}", "PI", "PcPsPiPl", MergeNone, "aarch64_sve_ptrue">;
  def SVPRFB : MInst<"svprfb", "vPQJ", "c", [IsLoad], MemEltTyInt8, "aarch64_sve_prf">;
  def SVCNTB : SInst<"svcntb", "nv", "", MergeNone, "aarch64_sve_cntb", [IsOverloadNone]>;
  def SVDOT_LANE : SInst<"svdot_lane[_{d}]", "ddqqi", "il", MergeNone, "aarch64_sve_sdot_lane",
                         [], [ImmCheck<3, ImmCheckLaneIndex, 2>]>;
  def SVCVT : SInst<"svcvt_{0}[_{1}]", "dPM", "il", MergeAny, "aarch64_sve_fcvtzs_{0}{1}">;
  def SVWHILE : SInst<"svwhilelt_{d}[_{1}]", "Pkk", "PcPsPiPl", MergeNone, "aarch64_sve_whilelt_{d}">;
  def SVDUP_Q : SInst<"svdupq[_n]_{d}", "dssss", "iUif", MergeNone>;
  def SVGET2 : SInst<"svget2[_{d}]", "d2i", "csi", MergeNone, "", [], [ImmCheck<1, ImmCheck0_7>]>;
  def SVTBL2 : SInst<"svtbl2[_{d}]", "d2u", "csil", MergeNone>;
}
let SVETargetGuard = "sve2|sme", SMETargetGuard = "sme2,b16b16" in {
  def SVADD_BOTH : SInst<"svadd_both[_{d}]", "ddd", "csUc", MergeNone, "aarch64_sve_add_u",
                         [VerifyRuntimeMode]>;
}
let SVETargetGuard = "(sve2,bf16)|sme", SMETargetGuard = InvalidMode in {
  def SVBFDOT : SInst<"svbfdot[_{0}]", "MMdd", "b", MergeNone, "aarch64_sve_bfdot">;
  def SVDUPQ_LANE : SInst<"svdup_laneq[_{d}]", "ddi", "csil", MergeNone, "aarch64_sve_dup_laneq",
                          [], [ImmCheck<1, ImmCheck0_13>]>;
}
let SVETargetGuard = "sve2p1", SMETargetGuard = InvalidMode in {
  def SVCNTP : SInst<"svcntp_{d}", "n}i", "QcQsQiQl", MergeNone, "aarch64_sve_cntp_{d}",
                     [IsOverloadNone], [ImmCheck<1, ImmCheck2_4>]>;
  def SVEXTQ : SInst<"svextq[_{d}]", "dddk", "cUcsUsfhbd", MergeNone, "aarch64_sve_extq">;
  def SVLD1Q : SInst<"svld1q_gather_[{2}]base_{d}", "dPg", "cUcsUsiUilUlfhdb", MergeNone>;
  def SVADDQV : SInst<"svaddqv[_{d}]", "{Pd", "csilUcUsUiUl", MergeNone, "aarch64_sve_addqv">;
}

// SME: streaming, ZA and ZT0 state, tuples of two and four.
let SVETargetGuard = InvalidMode, SMETargetGuard = "sme" in {
  def SVLD1_HOR_ZA8 : MInst<"svld1_hor_za8", "vimPQ", "", [IsOverloadNone, IsStreaming, IsInOutZA],
                            MemEltTyInt8, "aarch64_sme_ld1b_horiz", [ImmCheck<0, ImmCheck0_7>]>;
  def SVZERO_ZA : SInst<"svzero_za", "vv", "", MergeNone, "aarch64_sme_zero",
                        [IsOverloadNone, IsStreamingCompatible, IsOutZA]>;
  def SVREAD_ZT : SInst<"svread_zt", "vi", "", MergeNone, "aarch64_sme_read_zt",
                        [IsOverloadNone, IsStreaming, IsInZA, IsInZT0], [ImmCheck<0, ImmCheck0_31>]>;
  def SVWRITE_ZT : SInst<"svwrite_zt", "vi", "", MergeNone, "aarch64_sme_write_zt",
                         [IsOverloadNone, IsStreaming, IsOutZT0], [ImmCheck<0, ImmCheck0_31>]>;
  def SVADD_ZA_X2 : SInst<"svadd_za32[_{d}]_vg1x2", "vm2", "iUif", MergeNone, "aarch64_sme_add_za32_vg1x2",
                          [IsStreaming, IsInOutZA]>;
  def SVMLA_X4 : SInst<"svmla[_single]_za32[_{d}]_vg1x4", "vm4d", "f", MergeNone, "aarch64_sme_fmla_single_vg1x4",
                       [IsStreaming, IsInOutZA]>;
  def SVSEL_X2 : SInst<"svsel[_{d}_x2]", "2}22", "cUcsUsiUil", MergeNone, "aarch64_sve_sel_x2", [IsStreaming]>;
}
