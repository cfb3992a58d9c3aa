include "gisel-target.td"

// Unknown to GlobalISel: an SDNode without a GINodeEquiv, a complex pattern without a
// GIComplexPatternEquiv, a transform without a GISDNodeXFormEquiv.
def my_node : SDNode<"GIsaISD::MY_NODE", SDTIntBinOp>;
def : Pat<(i32 (my_node GPR32:$a, GPR32:$b)), (ADD GPR32:$a, GPR32:$b)>;

def cplx : ComplexPattern<i32, 1, "selectCplx", []>;
def : Pat<(i32 (add cplx:$a, GPR32:$b)), (ADD GPR32:$a, GPR32:$b)>;

def neg_imm : SDNodeXForm<imm, [{ return N; }]>;
def : Pat<(i32 (sub GPR32:$a, (i32 imm:$i))), (ADD GPR32:$a, (MOVI (neg_imm imm:$i)))>;

// A root whose predicate GlobalISel cannot check, and such a child.
def add_nuw : PatFrag<(ops node:$a, node:$b), (add node:$a, node:$b), [{ return true; }]>;
let Predicates = [HasA, NoCond] in
def : Pat<(i32 (add_nuw GPR32:$a, GPR32:$b)), (ADD GPR32:$a, GPR32:$b)>;
def : Pat<(i32 (mul (add_nuw GPR32:$a, GPR32:$b), GPR32:$c)), (ADD (ADD GPR32:$a, GPR32:$b), GPR32:$c)>;

// A leaf with a predicate (GISelLeafPredicateCode from LLVM 22).
def gpr_leaf : PatLeaf<(i32 GPR32:$r), [{ return true; }]> {
#ifndef NO_LEAF_CODE
  let GISelLeafPredicateCode = [{ return Reg.isVirtual(); }];
#endif
}
let Predicates = [HasB] in
def : Pat<(i32 (xor gpr_leaf:$a, (i32 imm:$i))), (ADD GPR32:$a, (MOVI (neg_imm imm:$i)))>;

// Destinations: a leaf that is no register class, an instruction with a physical register
// def.
def : Pat<(i32 (zext (i16 (trunc i32:$src)))), (i32 $src)>;
let Defs = [R1] in
def SETR1 : I<(outs), (ins GPR32:$a), [(set R1, (ctpop GPR32:$a))]>;

// Immediate and machine-instruction predicates go into the predicate functions.
def imm8 : ImmLeaf<i32, [{ return isInt<8>(Imm); }]>;
def fimm0 : FPImmLeaf<f32, [{ return Imm.isZero(); }]>;
def or_disjoint_x : PatFrag<(ops node:$a, node:$b), (or node:$a, node:$b), [{ return true; }]> {
  let GISelPredicateCode = [{ return MI.getFlag(MachineInstr::Disjoint); }];
}
def : Pat<(i32 (or_disjoint_x GPR32:$a, (i32 imm8:$i))), (ADD GPR32:$a, (MOVI (neg_imm imm:$i)))>;
