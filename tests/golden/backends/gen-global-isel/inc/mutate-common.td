// Patterns whose rule recycles the matched generic instruction into a target instruction
// with the same operands (GIR_MutateOpcode): ordered by complexity, then by priority.
include "gisel-target.td"

def SUB : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def MUL : I<(outs GPR32Op:$dst), (ins GPR32Op:$a, GPR32Op:$b), []>;
def NEG : I<(outs GPR32:$dst), (ins GPR32:$a), []>;
def EXT8 : I<(outs GPR32:$dst), (ins GPR8:$a), []>;

def : Pat<(add i32:$a, i32:$b), (ADD $a, $b)>;
let Predicates = [HasA] in
def : Pat<(sub i32:$a, i32:$b), (SUB $a, $b)>;
let Predicates = [HasA, HasB] in
def : Pat<(mul i32:$a, i32:$b), (MUL $a, $b)>;
def : Pat<(fp_to_sint f32:$s), (FCVT $s)>;
let AddedComplexity = 5 in
def : Pat<(abs i32:$a), (NEG $a)>;
def : Pat<(i32 (sext i8:$a)), (EXT8 $a)>;
