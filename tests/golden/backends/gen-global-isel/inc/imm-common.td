// Constants with immediate predicates (I64, APInt, APFloat) as the root and nested, named
// constants rendered as immediates, target immediates with operand predicates, basic blocks,
// and the sub-register instructions (EXTRACT_SUBREG of an operand and of a sub-instruction,
// INSERT_SUBREG over an IMPLICIT_DEF, SUBREG_TO_REG).
include "gisel-target.td"

def sub_lo : SubRegIndex<32>;
def X0 : RegisterWithSubRegs<"x0", [R0]> { let Namespace = "GIsa"; let SubRegIndices = [sub_lo]; }
def X1 : RegisterWithSubRegs<"x1", [R1]> { let Namespace = "GIsa"; let SubRegIndices = [sub_lo]; }
def GPR64 : RegisterClass<"GIsa", [i64], 64, (add X0, X1)>;

def simm8 : ImmLeaf<i32, [{ return isInt<8>(Imm); }]>;
def uimm16 : IntImmLeaf<i32, [{ return Imm.isIntN(16); }]>;
def fpzero : FPImmLeaf<f32, [{ return Imm.isZero(); }]>;
def timm4 : TImmLeaf<i32, [{ return Imm < 16; }]>;
def imm64 : ImmLeaf<i64, [{ return Imm != 0; }]>;

def MOVI8 : I<(outs GPR32:$dst), (ins i32imm:$imm), []>;
def MOVI16 : I<(outs GPR32:$dst), (ins i32imm:$imm), []>;
def MOVI64 : I<(outs GPR64:$dst), (ins i64imm:$imm), []>;
def FZERO : I<(outs FPR32:$dst), (ins), []>;
def FMOVI : I<(outs FPR32:$dst), (ins f32imm:$imm), []>;
def ADDI : I<(outs GPR32:$dst), (ins GPR32:$a, i32imm:$imm), []>;
def SHLI : I<(outs GPR32:$dst), (ins GPR32:$a, i32imm:$imm), []>;
def ADD64 : I<(outs GPR64:$dst), (ins GPR64:$a, GPR64:$b), []>;
def brtarget : Operand<OtherVT>;
def JMP : I<(outs), (ins brtarget:$dst), []> { let isBranch = 1; let isTerminator = 1; let isBarrier = 1; }
def PREFETCHI : I<(outs), (ins GPR32:$a, i32imm:$rw, i32imm:$locality), []> { let hasSideEffects = 1; }

def : Pat<(i32 simm8:$imm), (MOVI8 imm:$imm)>;
def : Pat<(i32 uimm16:$imm), (MOVI16 imm:$imm)>;
def : Pat<(i64 imm64:$imm), (MOVI64 imm:$imm)>;
def : Pat<(f32 fpzero), (FZERO)>;
def : Pat<(f32 fpimm:$imm), (FMOVI fpimm:$imm)>;
def : Pat<(add GPR32:$a, simm8:$imm), (ADDI GPR32:$a, imm:$imm)>;
def : Pat<(shl GPR32:$a, (i32 imm:$imm)), (SHLI GPR32:$a, imm:$imm)>;
def : Pat<(br bb:$dst), (JMP bb:$dst)>;
def : Pat<(prefetch GPR32:$a, timm4:$rw, timm:$locality, (i32 1)), (PREFETCHI GPR32:$a, timm4:$rw, timm:$locality)>;
def : Pat<(i32 (trunc GPR64:$src)), (EXTRACT_SUBREG GPR64:$src, sub_lo)>;
def : Pat<(i32 (trunc (add GPR64:$a, GPR64:$b))), (EXTRACT_SUBREG (ADD64 GPR64:$a, GPR64:$b), sub_lo)>;
def : Pat<(i64 (anyext GPR32:$src)), (INSERT_SUBREG (i64 (IMPLICIT_DEF)), GPR32:$src, sub_lo)>;

// Transforms: of a constant (GIR_CustomRenderer) and of a target immediate
// (GIR_CustomOperandRenderer); a source leaf's own transform is the destination's to apply.
def neg_imm : SDNodeXForm<imm, [{ return CurDAG->getTargetConstant(-N->getSExtValue(), SDLoc(N), MVT::i32); }]>;
def gi_neg_imm : GICustomOperandRenderer<"renderNegImm">, GISDNodeXFormEquiv<neg_imm>;
def half_timm : SDNodeXForm<timm, [{ return CurDAG->getTargetConstant(N->getZExtValue() / 2, SDLoc(N), MVT::i32); }]>;
def gi_half_timm : GICustomOperandRenderer<"renderHalfTImm">, GISDNodeXFormEquiv<half_timm>;
def simm8neg : ImmLeaf<i32, [{ return isInt<8>(-Imm); }], neg_imm>;
def SUBI : I<(outs GPR32:$dst), (ins GPR32:$a, i32imm:$imm), []>;
def XORI : I<(outs GPR32:$dst), (ins GPR32:$a, i32imm:$imm), []>;
def : Pat<(sub GPR32:$a, (i32 imm:$imm)), (SUBI GPR32:$a, (neg_imm imm:$imm))>;
def : Pat<(xor GPR32:$a, simm8neg:$imm), (XORI GPR32:$a, (neg_imm imm:$imm))>;
def : Pat<(prefetch GPR32:$a, timm:$rw, timm:$locality, (i32 0)), (PREFETCHI GPR32:$a, (half_timm timm:$rw), timm:$locality)>;
