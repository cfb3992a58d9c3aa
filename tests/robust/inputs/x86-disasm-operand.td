// A register where X86's MRMDestReg form reads an optional immediate: llvm-tblgen crashes
// ("Unhandled immediate encoding GR32", then a stack dump); tdq names the instruction.
include "x86.td"
def SUB32rr : X86Inst<0x29, MRMDestReg, (outs GR32:$dst), (ins GR32:$src1, GR32:$src2), "sub{l}\t$src2, $dst">;
