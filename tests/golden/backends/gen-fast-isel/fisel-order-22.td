// An instruction without a predicate is more complex than one with a predicate: the one with
// the predicate could never be chosen (LLVM 22).
// RELEASE: 22
// ARGS: --gen-fast-isel -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "fisel-target.td"
let AddedComplexity = 20 in
def MULNP : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "mulnp", [(set GPR:$rd, (mul GPR:$rs1, GPR:$rs2))]>;
