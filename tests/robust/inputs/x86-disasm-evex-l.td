// An EVEX instruction with both VEX.L and EVEX.L2: llvm-tblgen stops on an unreachable; tdq
// names the instruction.
include "x86.td"
def VADDPSZrr : X86Inst<0x58, MRMSrcReg, (outs VR512:$dst), (ins VR512:$src), "vaddps\t$src, $dst", EVEX> {
  let OpMapBits = 1;
  let OpPrefixBits = 4;
  let hasVEX_L = 1;
  let hasEVEX_L2 = 1;
}
