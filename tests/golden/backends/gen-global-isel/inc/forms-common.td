// Memory predicates (atomic ordering, size, size against the type, address space, alignment),
// use-count and C++ predicates, complex patterns (a leaf and one with sub-operands, checked
// last when optimised), comparisons, build vectors of all ones or zeros, physical register
// inputs copied to, zero_reg and undef_tied_input default operands.
include "gisel-target.td"

def SPECIAL : Register<"special"> { let Namespace = "GIsa"; }
def Special32 : RegisterClass<"GIsa", [i32], 32, (add SPECIAL)>;
def V0 : Register<"v0"> { let Namespace = "GIsa"; }
def VR128 : RegisterClass<"GIsa", [v4i32], 128, (add V0)>;

def LD : I<(outs GPR32:$dst), (ins GPR32:$p), []>;
def LDEXT : I<(outs GPR32:$dst), (ins GPR32:$p), []>;
def LDAS : I<(outs GPR32:$dst), (ins GPR32:$p), []>;
def LDALIGN : I<(outs GPR32:$dst), (ins GPR32:$p), []>;
def ST : I<(outs), (ins GPR32:$v, GPR32:$p), []>;
def ST8 : I<(outs), (ins GPR32:$v, GPR32:$p), []>;
def LDA : I<(outs GPR32:$dst), (ins GPR32:$p), []>;
def STA : I<(outs), (ins GPR32:$v, GPR32:$p), []>;
def ADDONE : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def MULC : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def CMPEQ : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def FCMPOLT : I<(outs GPR32:$dst), (ins FPR32:$a, FPR32:$b), []>;
def VNOT : I<(outs VR128:$dst), (ins VR128:$a), []>;
def SHLS : I<(outs GPR32:$dst), (ins GPR32:$a), []> { let Uses = [SPECIAL]; }

def load_as1 : PatFrag<(ops node:$p), (load node:$p)> { let IsLoad = 1; let AddressSpaces = [1, 300]; }
def load_align4 : PatFrag<(ops node:$p), (load node:$p)> { let IsLoad = 1; let MinAlignment = 4; }
def atomic_load_acq_32 : PatFrag<(ops node:$p), (atomic_load_32 node:$p)> {
  let IsAtomic = 1;
  let IsAtomicOrderingAcquire = 1;
}
def add_oneuse : PatFrag<(ops node:$a, node:$b), (add node:$a, node:$b), [{ return N->hasOneUse(); }]> {
  let HasOneUse = 1;
}
def mul_cxx : PatFrag<(ops node:$a, node:$b), (mul node:$a, node:$b), [{ return true; }]> {
  let GISelPredicateCode = [{ return MI.getFlag(MachineInstr::NoSWrap); }];
}

def : Pat<(i32 (load GPR32:$p)), (LD GPR32:$p)>;
def : Pat<(i32 (extloadi8 GPR32:$p)), (LDEXT GPR32:$p)>;
def : Pat<(i32 (load_as1 GPR32:$p)), (LDAS GPR32:$p)>;
def : Pat<(i32 (load_align4 GPR32:$p)), (LDALIGN GPR32:$p)>;
def : Pat<(store GPR32:$v, GPR32:$p), (ST GPR32:$v, GPR32:$p)>;
def : Pat<(truncstorei8 GPR32:$v, GPR32:$p), (ST8 GPR32:$v, GPR32:$p)>;
def : Pat<(i32 (atomic_load_acq_32 GPR32:$p)), (LDA GPR32:$p)>;
def : Pat<(atomic_store_32 GPR32:$v, GPR32:$p), (STA GPR32:$v, GPR32:$p)>;
def : Pat<(add_oneuse GPR32:$a, GPR32:$b), (ADDONE GPR32:$a, GPR32:$b)>;
def : Pat<(mul_cxx GPR32:$a, GPR32:$b), (MULC GPR32:$a, GPR32:$b)>;
def : Pat<(i32 (setcc GPR32:$a, GPR32:$b, SETEQ)), (CMPEQ GPR32:$a, GPR32:$b)>;
def : Pat<(i32 (setcc f32:$a, f32:$b, SETOLT)), (FCMPOLT FPR32:$a, FPR32:$b)>;
def : Pat<(v4i32 (xor VR128:$a, immAllOnesV)), (VNOT VR128:$a)>;
def : Pat<(i32 (shl GPR32:$a, SPECIAL)), (SHLS GPR32:$a)>;

// Complex patterns: a leaf rendered whole, and one whose sub-operands are rendered one by one.
def addr : ComplexPattern<i32, 2, "selectAddr">;
def gi_addr : GIComplexOperandMatcher<s32, "selectAddr">, GIComplexPatternEquiv<addr>;
def memop : Operand<i32> { let MIOperandInfo = (ops GPR32, i32imm); }
def LDM : I<(outs GPR32:$dst), (ins memop:$addr), []>;
def LDRI : I<(outs GPR32:$dst), (ins GPR32:$base, i32imm:$off), []>;
def : Pat<(i32 (sextloadi16 addr:$addr)), (LDM addr:$addr)>;
def : Pat<(i32 (zextloadi16 (addr GPR32:$base, i32:$off))), (LDRI GPR32:$base, $off)>;

// Default operands: zero_reg (a register operand's default) and undef_tied_input.
def pred : PredicateOperand<OtherVT, (ops GPR32:$reg), (ops (i32 zero_reg))>;
def undef_in : OperandWithDefaultOps<i32, (ops (i32 undef_tied_input))> {
  let MIOperandInfo = (ops GPR32:$inactive);
}
def NEGP : I<(outs GPR32:$dst), (ins GPR32:$a, pred:$p), [(set GPR32:$dst, (ineg GPR32:$a))]>;
let Constraints = "$in.inactive = $dst" in
def ABSU : I<(outs GPR32:$dst), (ins GPR32:$a, undef_in:$in), [(set GPR32:$dst, (abs GPR32:$a))]>;
