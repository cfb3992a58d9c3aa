// X86 instruction mapping (LLVM 22): EVEX compression with its feature check, no-flags forms,
// new-data-destination forms, SSE to AVX; each with its manual entries and exclusions.
// RELEASE: 22
// ARGS: --gen-x86-instr-mapping -I ../gen-x86-fold-tables/inc -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "x86.td"

def HasAVXVNNI : Predicate<"Subtarget->hasAVXVNNI()">;
def HasAVX : Predicate<"Subtarget->hasAVX()">;
defvar T_MAP4 = 8;

// EVEX to VEX: by matching fields and operand sizes, by a `_EVEX` name, by the manual list;
// a predicated target gets a feature check; NOCOMP, masked and 512-bit forms stay.
def VADDPSrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps", VEX>;
def VADDPSZ128rr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps", EVEX>;
def VADDPSZ128rm : X86Inst<0x58, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f128mem:$src2), "vaddps", EVEX>;
def VADDPSrm : X86Inst<0x58, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f128mem:$src2), "vaddps", VEX>;
def VMULPSZ128rr : X86Inst<0x59, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vmulps", EVEX>;
def VMULPSrr : X86Inst<0x59, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR512:$src2), "vmulps", VEX>;
let Predicates = [HasAVXVNNI] in
def VPDPBUSDrr : X86Inst<0x50, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vpdpbusd", VEX>;
let Predicates = [HasAVX] in
def VPDPWSSDrr : X86Inst<0x52, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vpdpwssd", VEX>;
def VPDPBUSDZ128rr : X86Inst<0x50, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vpdpbusd", EVEX>;
def VPDPWSSDZ128rr : X86Inst<0x52, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vpdpwssd", EVEX>;
def VPALIGNRrri : X86Inst<0x0f, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2, u8imm:$i), "vpalignr", VEX>;
def VALIGNDZ128rri : X86Inst<0x03, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2, u8imm:$i), "valignd", EVEX>;
def VCVTQQ2PDZ128rr : X86Inst<0xe6, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "vcvtqq2pd", EVEX>;
def VCVTDQ2PDrr : X86Inst<0xe6, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "vcvtdq2pd", VEX>;
let hasEVEX_K = 1 in
def VADDPSZ128rrk : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps", EVEX>;
let hasEVEX_L2 = 1 in
def VADDPSZrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps", EVEX>;
def ADD32rr : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "add{l}">;
def ADD32rr_EVEX : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "add{l}", EVEX> { let OpMapBits = T_MAP4; }
// Promoted into map 4 with {evex}: left out.
def SUB32rr : X86Inst<0x29, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "sub{l}">;
def SUB32rr_EVEX : X86Inst<0x29, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "sub{l}", EVEX> {
  let OpMapBits = T_MAP4;
  let explicitOpPrefixBits = 3;
}
// New data destination and no-flags forms; a NOCOMP_ND one; a manual ND entry.
let OpMapBits = T_MAP4, hasEVEX_B = 1, hasVEX_4V = 1 in {
def ADD32rr_ND : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "add{l}", EVEX>;
def ADD32rr_NF_ND : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "{nf} add{l}", EVEX>;
def ADD32mr_ND : X86Inst<0x01, MRMDestMem, (outs GR32:$dst), (ins i32mem:$src1, GR32:$src2), "add{l}", EVEX>;
def CFCMOV32rr_ND : X86Inst<0x40, MRMSrcReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "cfcmov", EVEX>;
}
def ADD32mr : X86Inst<0x01, MRMDestMem, (outs), (ins i32mem:$dst, GR32:$src), "add{l}">;
def CFCMOV32rr : X86Inst<0x40, MRMSrcReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "cfcmov", EVEX>;
let hasEVEX_NF = 1 in
def ADD32rr_NF : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "{nf} add{l}", EVEX> { let OpMapBits = T_MAP4; }
def MOVBE32rr : X86Inst<0xf1, MRMDestReg, (outs GR32:$dst), (ins GR32:$src), "movbe">;
def BSWAP32r : X86Inst<0xc8, MRMDestReg, (outs GR32:$dst), (ins GR32:$src), "bswap">;
// A SETcc that is EVEX.b: compressible since LLVM 22.
def SETCCm : X86Inst<0x90, MRMDestMem, (outs), (ins i8mem:$dst, u8imm:$cond), "set${cond}", VEX>;
def SETZUCCm : X86Inst<0x90, MRMDestMem, (outs), (ins i8mem:$dst, u8imm:$cond), "setzu${cond}", EVEX> { let hasEVEX_B = 1; }
// SSE to AVX: by `V` and by the manual list; `_REV` and parser-only forms are not looked at.
def ADDPSrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "addps">;
def ADDPSrr_REV : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "addps">;
def VADDPSrr_REV : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps", VEX>;
def BLENDVPSrr0 : X86Inst<0x14, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "blendvps">;
def VBLENDVPSrrr : X86Inst<0x4a, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2, VR128:$src3), "vblendvps", VEX>;
let isAsmParserOnly = 1 in {
def MULPSrr : X86Inst<0x59, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "mulps">;
def VMULPSrr_alt : X86Inst<0x59, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vmulps", VEX>;
}
