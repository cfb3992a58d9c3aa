// Patterns whose rule builds the root instruction anew (GIR_BuildRootMI): operands reordered
// or dropped, dead defs, integers, default operands, register-class leaves, nested source
// instructions (GIM_RecordInsn, same-operand checks) and destination sub-instructions built
// into temporary registers (GIR_BuildMI), intrinsics by their id.
include "gisel-target.td"

def int_gisa_foo : Intrinsic<[llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty], []>;
def int_gisa_bar : Intrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrNoMem]>;

def pred : PredicateOperand<OtherVT, (ops i32imm), (ops (i32 14))>;

def RSUB : I<(outs GPR32:$dst), (ins GPR32:$b, GPR32:$a), []>;
def ADDCO : I<(outs GPR32:$dst, GPR8:$flag), (ins GPR32:$a, GPR32:$b), []>;
def ADDI : I<(outs GPR32:$dst), (ins GPR32:$a, i32imm:$imm), []>;
def MLA : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b, GPR32:$c), []>;
def NOT : I<(outs GPR32:$dst), (ins GPR32:$a, pred:$p), []>;
def TWO : I<(outs GPR32:$lo, GPR32:$hi), (ins GPR32:$a), []>;
def SQR : I<(outs GPR32:$dst), (ins GPR32:$a), []>;
def FOO : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def SUB : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def EXT8 : I<(outs GPR32:$dst), (ins GPR32:$a), []>;

def : Pat<(sub i32:$a, i32:$b), (RSUB $b, $a)>;
def : Pat<(add i32:$a, i32:$b), (ADDCO $a, $b)>;
def : Pat<(shl i32:$a, (i32 srcvalue)), (ADDI $a, 3)>;
def : Pat<(add (mul i32:$a, i32:$b), i32:$c), (MLA $a, $b, $c)>;
def : Pat<(mul i32:$a, i32:$a), (SQR $a)>;
def : Pat<(xor GPR32:$a, -1), (NOT $a)>;
def : Pat<(srl i32:$a, i32:$b), (ADD (ADD $a, $b), (TWO $b))>;
def : Pat<(sra i32:$a, (i32 (sub i32:$b, i32:$c))), (ADD (SQR (SQR $a)), (SUB $b, $c))>;
def : Pat<(int_gisa_foo i32:$a, i32:$b), (FOO $a, $b)>;
def : Pat<(int_gisa_bar i32:$a), (SQR (SQR $a))>;
def : Pat<(i32 (sext_inreg i32:$a, i8)), (EXT8 (ADD $a, $a))>;
