// The instructions of the X86 disassembler cases, on the small X86 of the fold-table cases.
include "x86.td"

def GR16 : RegisterClass<"X86", [i16], 16, (add EAX)>;
def GR64 : RegisterClass<"X86", [i64], 64, (add EAX)>;
def VK16WM : RegisterClass<"X86", [v16i1], 16, (add EAX)>;
def i16mem : X86MemOperand<16>;
def Not64BitMode : Predicate<"!Subtarget->is64Bit()">;
def In64BitMode : Predicate<"Subtarget->is64Bit()">;

defvar RawFrm = 1;
defvar AddRegFrm = 2;
defvar MRM0r = 48;
defvar MRM_F8 = 120;
defvar PD = 1;
defvar XS = 2;
defvar PS = 4;
defvar TB = 1;
defvar T8 = 2;

def NOOP : X86Inst<0x90, RawFrm, (outs), (ins), "nop">;
def XCHG32ar : X86Inst<0x90, AddRegFrm, (outs), (ins GR32:$src), "xchg{l}\t$src, %eax">;
def PUSH32r : X86Inst<0x50, AddRegFrm, (outs), (ins GR32:$reg), "push{l}\t$reg"> { let Predicates = [Not64BitMode]; }
def PUSH64r : X86Inst<0x50, AddRegFrm, (outs), (ins GR64:$reg), "push{q}\t$reg"> { let Predicates = [In64BitMode]; }
def ADD32rr : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "add{l}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
}
def ADD32rm : X86Inst<0x03, MRMSrcMem, (outs GR32:$dst), (ins GR32:$src1, i32mem:$src2), "add{l}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
}
def ADD16ri : X86Inst<0x81, MRM0r, (outs GR16:$dst), (ins GR16:$src1, i16imm:$src2), "add{w}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
  let OpSizeBits = 1;
}
def ADD32ri : X86Inst<0x81, MRM0r, (outs GR32:$dst), (ins GR32:$src1, i32imm:$src2), "add{l}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
  let OpSizeBits = 2;
}
def ADD64rr : X86Inst<0x01, MRMDestReg, (outs GR64:$dst), (ins GR64:$src1, GR64:$src2), "add{q}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
  let hasREX_W = 1;
}
def SHL8ri : X86Inst<0xc0, MRM4r, (outs GR8:$dst), (ins GR8:$src1, u8imm:$src2), "shl{b}\t$src2, $dst"> {
  let Constraints = "$src1 = $dst";
}
def CLAC : X86Inst<0x01, MRM_F8, (outs), (ins), "clac"> { let OpMapBits = TB; let OpPrefixBits = PS; }
def MOVAPSrr : X86Inst<0x28, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src), "movaps\t$src, $dst"> {
  let OpMapBits = TB;
  let OpPrefixBits = PS;
}
def MOVSSrm : X86Inst<0x10, MRMSrcMem, (outs VR128:$dst), (ins f32mem:$src), "movss\t$src, $dst"> {
  let OpMapBits = TB;
  let OpPrefixBits = XS;
}
def VADDPSrr : X86Inst<0x58, MRMSrcReg, (outs VR128:$dst), (ins VR128:$src1, VR128:$src2), "vaddps\t$src2, $src1, $dst", VEX> {
  let OpMapBits = TB;
  let OpPrefixBits = PS;
  let hasVEX_4V = 1;
  let ignoresVEX_L = 1;
  let IgnoresW = 1;
}
def VPSHUFBrm : X86Inst<0x00, MRMSrcMem, (outs VR128:$dst), (ins VR128:$src1, f128mem:$src2), "vpshufb\t$src2, $src1, $dst", VEX> {
  let OpMapBits = T8;
  let OpPrefixBits = PD;
  let hasVEX_4V = 1;
}
let OpMapBits = TB, OpPrefixBits = PS, hasEVEX_L2 = 1, hasVEX_4V = 1, CD8_Scale = 64 in {
def VADDPSZrr : X86Inst<0x58, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src1, VR512:$src2), "vaddps\t$src2, $src1, $dst", EVEX>;
def VADDPSZrm : X86Inst<0x58, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src1, f512mem:$src2), "vaddps\t$src2, $src1, $dst", EVEX>;
let hasEVEX_K = 1 in
def VADDPSZrmk : X86Inst<0x58, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src0, VK16WM:$mask, VR512:$src1, f512mem:$src2), "vaddps\t$src2, $src1, $dst {$mask}", EVEX> {
  let Constraints = "$src0 = $dst";
}
let hasEVEX_B = 1, CD8_Scale = 4 in
def VADDPSZrmb : X86Inst<0x58, MRMSrcMem, (outs VR512:$dst), (ins VR512:$src1, f32mem:$src2), "vaddps\t${src2}{1to16}, $src1, $dst", EVEX>;
}
// Left out: a pseudo, and an instruction only code generation uses.
def ADJCALLSTACKDOWN : X86Inst<0, 0, (outs), (ins), "">;
def ADD32rr_DB : X86Inst<0x01, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), ""> { let isCodeGenOnly = 1; }
