// X86 fold tables (LLVM 19): read-modify-write, loads into each operand, stores, broadcasts,
// alignment, no-reverse cases, manual entries, pseudos first.
// RELEASE: 19
// ARGS: --gen-x86-fold-tables -I inc -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "x86.td"

// Read-modify-write (Table2Addr), with a manual entry for a pseudo-like form.
def ADD32rr : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "add{l}\t$src2, $dst">;
def ADD32mr : X86Inst<0x01, MRMDestMem, (outs), (ins i32mem:$dst, GR32:$src), "add{l}\t$src, $dst">;
def ADD32rr_DB : X86Inst<0x00, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "">;
// A load folded into operand 0, and a mnemonic that differs.
def PUSH32r : X86Inst<0xff, MRM6r, (outs), (ins GR32:$reg), "push{l}\t$reg">;
def PUSH32rmm : X86Inst<0xff, MRM6m, (outs), (ins i32mem:$src), "push{l}\t$src">;
def VMXON : X86Inst<0xc7, MRM6m, (outs), (ins i64mem:$vmxon), "vmxon\t$vmxon">;
def SENDUIPI : X86Inst<0xc7, MRM6r, (outs), (ins GR32:$arg), "senduipi\t$arg">;
// Explicit alignment, legacy SSE alignment, VEX without.
def MOVAPSrr : X86Inst<0x28, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "movaps\t$src, $dst">;
def MOVAPSrm : X86Inst<0x28, MRMSrcMem, (outs VR128:$dst), (ins f128mem:$src), "movaps\t$src, $dst">;
def ADDPSrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "addps\t$src2, $dst">;
def ADDPSrm : X86Inst<0x58, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f128mem:$src2), "addps\t$src2, $dst">;
def VADDPSrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps\t$src2, $src1, $dst", VEX>;
def VADDPSrm : X86Inst<0x58, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f128mem:$src2), "vaddps\t$src2, $src1, $dst", VEX>;
// A store through the _REV form's plain instruction.
def MOVUPSrr : X86Inst<0x10, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "movups\t$src, $dst">;
def MOVUPSrr_REV : X86Inst<0x11, MRMDestReg, (outs VR128:$dst), (ins VR128:$src), "movups\t$src, $dst">;
def MOVUPSmr : X86Inst<0x11, MRMDestMem, (outs), (ins f128mem:$dst, VR128:$src), "movups\t$src, $dst">;
// The register is wider than the memory: no unfolding.
def MOVSSrr : X86Inst<0x10, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "movss\t$src2, $dst">;
def MOVSSrm : X86Inst<0x10, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f32mem:$src2), "movss\t$src2, $dst">;
// Immediates of different types do not match; of the same type they do.
def SHL32ri : X86Inst<0xc1, MRM4r, (outs GR32:$dst), (ins GR32:$src, u8imm:$n), "shl{l}\t$n, $dst">;
def SHL32mi : X86Inst<0xc1, MRM4m, (outs), (ins i32mem:$dst, u32imm:$n), "shl{l}\t$n, $dst">;
def SAR32ri : X86Inst<0xc1, 55, (outs GR32:$dst), (ins GR32:$src, u8imm:$n), "sar{l}\t$n, $dst">;
def SAR32mi : X86Inst<0xc1, 39, (outs), (ins i32mem:$dst, u8imm:$n), "sar{l}\t$n, $dst">;
// A register class without REX does not match one with.
def MOV8rr_NOREX : X86Inst<0x8a, MRMSrcReg, (outs GR8_NOREX:$dst), (ins GR8_NOREX:$src1, GR8:$src), "mov{b}\t$src, $dst">;
def MOV8rm : X86Inst<0x8a, MRMSrcMem, (outs GR8:$dst), (ins GR8:$src1, i8mem:$src), "mov{b}\t$src, $dst">;
// EVEX: a plain, a broadcast and a masked move whose unmasked form is a move; an expand.
let hasEVEX_L2 = 1 in {
def VADDPSZrr : X86Inst<0x58, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src1, VR512:$src2), "vaddps\t$src2, $src1, $dst", EVEX>;
def VADDPSZrm : X86Inst<0x58, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src1, f512mem:$src2), "vaddps\t$src2, $src1, $dst", EVEX>;
let hasEVEX_B = 1 in
def VADDPSZrmb : X86Inst<0x58, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src1, f32mem:$src2), "vaddps\t$src2, $src1, $dst", EVEX>;
let isMoveReg = 1 in
def VMOVAPSZrr : X86Inst<0x28, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src), "vmovaps\t$src, $dst", EVEX>;
let hasEVEX_K = 1 in {
def VMOVAPSZrrk : X86Inst<0x28, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src0, VK16:$mask, VR512:$src), "vmovaps\t$src, $dst", EVEX>;
def VMOVAPSZrmk : X86Inst<0x28, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src0, VK16:$mask, f512mem:$src), "vmovaps\t$src, $dst", EVEX>;
def VEXPANDPSZrrk : X86Inst<0x88, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src0, VK16:$mask, VR512:$src), "vexpandps\t$src, $dst", EVEX>;
def VEXPANDPSZrmk : X86Inst<0x88, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src0, VK16:$mask, f512mem:$src), "vexpandps\t$src, $dst", EVEX>;
def VALIGNDZrrik : X86Inst<0x03, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src0, VK16:$mask, VR512:$src), "valignd\t$src, $dst", EVEX>;
}
}
// Pseudos come first in a table.
let isPseudo = 1 in {
def ZPSEUDOrr : X86Inst<0x59, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "zp\t$src, $dst", VEX>;
def ZPSEUDOrm : X86Inst<0x59, MRMSrcMem, (outs VR128:$dst), (ins f128mem:$src), "zp\t$src, $dst", VEX>;
}
// Left out: parser-only, x87 stack registers, map 4 promoted with {evex}, and a NOFOLD name.
let isAsmParserOnly = 1 in {
def SUB32rr : X86Inst<0x29, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "sub{l}\t$src2, $dst">;
def SUB32mr : X86Inst<0x29, MRMDestMem, (outs), (ins i32mem:$dst, GR32:$src), "sub{l}\t$src, $dst">;
}
def ADD_FST0r : X86Inst<0xd8, MRMSrcReg, (outs RST:$dst), (ins RST:$src), "fadd\t$src">;
def ADD_F32m : X86Inst<0xd8, MRMSrcMem, (outs RST:$dst), (ins f32mem:$src), "fadd\t$src">;
let OpMapBits = 8, explicitOpPrefixBits = 3 in {
def AND32rr_EVEX : X86Inst<0x21, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "and{l}\t$src2, $dst", EVEX>;
def AND32mr_EVEX : X86Inst<0x21, MRMDestMem, (outs), (ins i32mem:$dst, GR32:$src), "and{l}\t$src, $dst", EVEX>;
}
def BTC32rr : X86Inst<0xbb, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "btc{l}\t$src2, $dst">;
def BTC32mr : X86Inst<0xbb, MRMDestMem, (outs), (ins i32mem:$dst, GR32:$src), "btc{l}\t$src, $dst">;

// Every instruction the manual entries name must exist.
foreach name = [
  "ADD16mi", "ADD16mr", "ADD16ri_DB", "ADD16rm", "ADD16rr_DB", "ADD32mi", "ADD32ri_DB",
  "ADD32rm", "ADD64mi32", "ADD64mr", "ADD64ri32_DB", "ADD64rm", "ADD64rr_DB", "ADD8mi",
  "ADD8mr", "ADD8ri_DB", "ADD8rm", "ADD8rr_DB", "MMX_MOVD64from64rr", "MMX_MOVD64grr",
  "MMX_MOVD64mr", "MMX_MOVD64to64rr", "MMX_MOVQ64mr", "MMX_MOVQ64rm", "MOV32mr", "MOV64mr",
  "MOV64toPQIrr", "MOV64toSDrr", "MOVDI2SSrr", "MOVHPSrm", "MOVLHPSrr", "MOVLPDrm",
  "MOVPQI2QImr", "MOVPQIto64rr", "MOVQI2PQIrm", "MOVSDmr", "MOVSDrm_alt", "MOVSDrr",
  "MOVSDto64rr", "MOVSS2DIrr", "MOVSSmr", "MOVSSrm_alt", "PUSH16r", "PUSH16rmm", "PUSH64r",
  "PUSH64rmm", "TAILJMPm", "TAILJMPm64", "TAILJMPm64_REX", "TAILJMPr", "TAILJMPr64",
  "TAILJMPr64_REX", "TCRETURNmi", "TCRETURNmi64", "TCRETURNri", "TCRETURNri64",
  "VMOV64toPQIZrr", "VMOV64toPQIrr", "VMOV64toSDZrr", "VMOV64toSDrr", "VMOVDI2SSZrr",
  "VMOVDI2SSrr", "VMOVHPSZ128rm", "VMOVHPSrm", "VMOVLHPSZrr", "VMOVLHPSrr", "VMOVLPDZ128rm",
  "VMOVLPDrm", "VMOVPQI2QIZmr", "VMOVPQI2QImr", "VMOVPQIto64Zrr", "VMOVPQIto64rr",
  "VMOVQI2PQIZrm", "VMOVQI2PQIrm", "VMOVSDZmr", "VMOVSDZrm_alt", "VMOVSDZrr", "VMOVSDmr",
  "VMOVSDrm_alt", "VMOVSDrr", "VMOVSDto64Zrr", "VMOVSDto64rr", "VMOVSS2DIZrr", "VMOVSS2DIrr",
  "VMOVSSZmr", "VMOVSSZrm_alt", "VMOVSSmr", "VMOVSSrm_alt"
] in def name : Named;
