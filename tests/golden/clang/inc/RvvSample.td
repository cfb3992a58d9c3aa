// A sample of riscv_vector.td's builtins, over the release's riscv_vector_common.td: header
// code, vsetvli (no sema record), the common binary sets (signed and unsigned, unmasked
// passthru and masked policy operands), every policy combination, a round-mode variant, a
// widening op, an indexed load (Log2EEW), a fixed-SEW and fixed-LMUL type, unit-stride and
// segment loads (NF, tuples, pointers and constants), a reduction (LMUL1), masks, floats and
// bfloat16, immediates, required features, manual code generation, overloaded names and
// suffixes, and a builtin without alias (its type string).
include "riscv_vector_common.td"

def sample_header : RVVHeader {
  let HeaderCode = [{
#define __riscv_v_sample 1
}];
}

let HasBuiltinAlias = false, HasVL = false, HasMasked = false,
    MaskedPolicyScheme = NonePolicy, Log2LMUL = [0],
    ManualCodegen = [{IntrinsicTypes = {ResultType};}] in {
  def vsetvli : RVVBuiltin<"", "zzKzKz", "i">;
  def vsetvlimax : RVVBuiltin<"", "zKzKz", "i">;
}

defm vadd : RVVIntBinBuiltinSet;

let UnMaskedPolicyScheme = HasPassthruOperand in {
  defm vsub : RVVOutOp1BuiltinSet<"vsub", "csil", [["vv", "v", "vvv"]]>;
  let HasFRMRoundModeOp = true in
  defm vaadd : RVVOutOp1BuiltinSet<"vaadd", "cs", [["vv", "v", "vvvu"]]>;
  let HasMaskPolicy = false in
  defm vmerge : RVVOutOp1BuiltinSet<"vmerge", "il", [["vvm", "v", "vvvm"]]>;
  let HasTailPolicy = false, Log2LMUL = [-1, 0, 3] in
  defm vwaddu : RVVOutOp0Op1BuiltinSet<"vwaddu", "csi", [["vv", "Uw", "UwUvUv"]]>;
}

let UnMaskedPolicyScheme = HasPolicyOperand, HasMaskedOffOperand = false in
defm vmacc : RVVOutOp1BuiltinSet<"vmacc", "csil", [["vv", "v", "vvvv"]]>;

let OverloadedName = "vluxei8", UnMaskedPolicyScheme = HasPassthruOperand,
    RequiredFeatures = ["RV64"] in
def vluxei8_v : RVVOutOp1Builtin<"v", "vPCe(Log2EEW:3)Uv", "ifd">;

let UnMaskedPolicyScheme = HasPassthruOperand in
def vzext_vf2 : RVVOp0Builtin<"Uv", "Uv(FixedSEW:8)Uv", "sil">;

let UnMaskedPolicyScheme = HasPassthruOperand, HasMasked = false,
    MaskedPolicyScheme = NonePolicy in
def vlmul_ext_v : RVVOutBuiltin<"", "v(LFixedLog2LMUL:1)v", "ci">;

let SupportOverloading = false, UnMaskedPolicyScheme = HasPassthruOperand,
    RequiredFeatures = ["Zvfhmin"] in
def vle16_v : RVVOutBuiltin<"v", "vPCe", "sx">;

let NF = 2, IsTuple = true, UnMaskedPolicyScheme = HasPassthruOperand,
    Log2LMUL = [-1, 0, 1, 2], ManualCodegen = [{
  if (IsMasked)
    std::swap(Ops[0], Ops[1]);
  IntrinsicTypes = {ResultType, Ops.back()->getType()};
}] in
def vlseg2e32_v : RVVOutBuiltin<"v", "(Tuple:2)vPCe", "if">;

let HasMaskedOffOperand = false, MaskedPolicyScheme = NonePolicy, NF = 3,
    IsTuple = true, Log2LMUL = [0, 1] in
def vsseg3e16_v : RVVBuiltin<"v", "0Pe(Tuple:3)v", "s"> {
  let IntrinsicTypes = [0, 2];
  let OverloadedName = "vsseg3e16";
}

let OverloadedSuffix = "Sv", UnMaskedPolicyScheme = HasPassthruOperand,
    HasMaskPolicy = false, IntrinsicTypes = [-1, 0] in
def vredsum_vs : RVVBuiltin<"vSv", "SvvSv", "csil">;

let RequiredFeatures = ["Zvfbfmin"], UnMaskedPolicyScheme = HasPassthruOperand,
    OverloadedName = "vfwcvtbf16_f", Log2LMUL = [-2, -1, 0] in
def vfwcvtbf16_f_f_v : RVVOutOp0Op1Builtin<"Fw", "Fwv", "y">;

let HasMasked = false, MaskedPolicyScheme = NonePolicy, HasVL = false in
def vmand_mm : RVVOutBuiltin<"m", "mmm", "c">;

def vslidedown_vx : RVVOutBuiltin<"v", "vvzKz", "c"> {
  let UnMaskedPolicyScheme = HasPolicyOperand;
  let MaskedIRName = "vslidedown_mask";
}
