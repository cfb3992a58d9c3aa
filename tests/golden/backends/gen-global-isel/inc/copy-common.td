// Rules with implicit defs and uses (dead unless used, by release; added to a mutated
// instruction), COPY_TO_REGCLASS as the root and as a sub-instruction.
include "gisel-target.td"

def FLAGS : Register<"flags"> { let Namespace = "GIsa"; }
def CCR : RegisterClass<"GIsa", [i32], 32, (add FLAGS)>;

let Defs = [FLAGS] in {
def ADDF : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def SUBF : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
}
let Uses = [FLAGS] in
def ADC : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
let Defs = [FLAGS], Uses = [FLAGS] in
def SBB : I<(outs GPR32:$dst), (ins GPR32:$a, GPR32:$b), []>;
def MOVF : I<(outs FPR32:$dst), (ins GPR32:$a), []>;

def : Pat<(add i32:$a, i32:$b), (ADDF $a, $b)>;
def : Pat<(sub i32:$a, i32:$b), (SUBF $b, $a)>;
def : Pat<(mul i32:$a, i32:$b), (ADC (ADDF $a, $b), $b)>;
def : Pat<(sdiv i32:$a, i32:$b), (SBB $a, $b)>;
def : Pat<(udiv i32:$a, i32:$b), (ADD (SBB $a, $b), (ADDF $b, $a))>;
def : Pat<(f32 (bitconvert i32:$a)), (COPY_TO_REGCLASS $a, FPR32)>;
def : Pat<(i32 (bitconvert f32:$a)), (ADD (COPY_TO_REGCLASS $a, GPR32), (COPY_TO_REGCLASS (MOVF (COPY_TO_REGCLASS $a, GPR32)), GPR32))>;
// A destination that is a register-class leaf: a COPY constrained to the class.
def : Pat<(i32 (bswap GPR32:$a)), (i32 GPR32:$a)>;
