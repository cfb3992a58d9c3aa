// The decoder tables of the small target (../gen-emitter/inc): a switch on the opcode bits,
// operands in one run and in several, a complex operand by sub-operands, encodings by mode
// (a table per mode), a soft-fail bit and a predicate (LLVM 19).
// RELEASE: 19
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
def FeatureX : SubtargetFeature<"x", "HasX", "true", "X">;
def HasX : Predicate<"Subtarget->hasX()">, AssemblerPredicate<(all_of FeatureX)>;
let Predicates = [HasX] in
def XOR : RRR<0b1001, "xor"> { let SoftFail{2} = 1; }
