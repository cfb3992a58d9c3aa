// The nodes of the sd-node-info cases: a target with two hardware modes and a value type that
// differs between them, target nodes of every constraint kind, nodes that share an enumerator
// (compatibly, with differing constraints, incompatibly), nodes of other namespaces and nodes
// whose opcode names no namespace.
include "llvm/Target/Target.td"

def MyTarget : Target;

def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
def PtrVT : ValueTypeByHwMode<[ModeA, ModeB, DefaultMode], [i32, i64, i16]>;
def EltVT : ValueTypeByHwMode<[ModeB], [f32]>;

def SDT_Binop : SDTypeProfile<1, 2, [SDTCisSameAs<0, 1>, SDTCisSameAs<0, 2>, SDTCisInt<0>]>;
def SDT_FBinop : SDTypeProfile<1, 2, [SDTCisSameAs<0, 1>, SDTCisSameAs<0, 2>, SDTCisFP<0>]>;
def SDT_Call : SDTypeProfile<0, -1, [SDTCisPtrTy<0>]>;
def SDT_Every : SDTypeProfile<2, 6, [
  SDTCisVT<0, i32>, SDTCisVT<1, PtrVT>, SDTCisVec<2>, SDTCisVTSmallerThanOp<3, 2>,
  SDTCisOpSmallerThanOp<4, 5>, SDTCisEltOfVec<4, 2>, SDTCisSubVecOfVec<6, 2>,
  SDTCVecEltisVT<2, EltVT>, SDTCVecEltisVT<6, i8>, SDTCisSameNumEltsAs<6, 2>,
  SDTCisSameSizeAs<7, 0>
]>;
def SDT_Tail : SDTypeProfile<1, 2, [SDTCisSameAs<0, 2>, SDTCisInt<0>]>;

def my_add : SDNode<"MyTargetISD::ADD", SDT_Binop, [SDNPCommutative, SDNPAssociative]>;
// Shares ADD with my_add: commutativity may differ, the constraints are the same.
def my_add_nc : SDNode<"MyTargetISD::ADD", SDT_Binop>;
def my_fadd : SDNode<"MyTargetISD::FADD", SDT_FBinop>;
let IsStrictFP = true in
def my_strict_fadd : SDNode<"MyTargetISD::STRICT_FADD", SDT_FBinop, [SDNPHasChain]>;
// Shares SUB with a node of other constraints: SUB keeps none.
def my_sub : SDNode<"MyTargetISD::SUB", SDT_Binop>;
def my_fsub : SDNode<"MyTargetISD::SUB", SDT_FBinop>;
def my_call : SDNode<"MyTargetISD::CALL", SDT_Call,
    [SDNPHasChain, SDNPOutGlue, SDNPInGlue, SDNPOptInGlue, SDNPVariadic, SDNPMemOperand,
     SDNPMayLoad, SDNPMayStore, SDNPSideEffect]>;
let TSFlags = 5 in
def my_every : SDNode<"MyTargetISD::EVERY", SDT_Every>;
def my_tail : SDNode<"MyTargetISD::TAIL", SDT_Tail>;
def my_nested : SDNode<"MyTargetISD::A::B", SDTypeProfile<0, 0, []>>;
// Incompatible: one has a chain.
def my_load_a : SDNode<"MyTargetISD::LOAD", SDTypeProfile<1, 1, []>>;
def my_load_b : SDNode<"MyTargetISD::LOAD", SDTypeProfile<1, 1, []>, [SDNPHasChain]>;
def other_ns : SDNode<"OtherISD::NODE", SDTypeProfile<1, 0, [SDTCisVT<0, i8>]>>;
def no_ns : SDNode<"NODE", SDTypeProfile<0, 0, []>>;
def empty_name : SDNode<"MyTargetISD::", SDTypeProfile<0, 0, []>>;
