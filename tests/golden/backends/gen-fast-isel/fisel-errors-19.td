// Two patterns of one signature, opcode, types and predicates: the fast selector cannot tell
// them apart (LLVM 19).
// RELEASE: 19
// ARGS: --gen-fast-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "fisel-target.td"
def XOR : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "xor", [(set GPR:$rd, (xor GPR:$rs1, GPR:$rs2))]>;
def XOR2 : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "xor2", []>;
def : Pat<(xor GPR:$a, GPR:$b), (XOR2 GPR:$a, GPR:$b)>;
