// The code emitter of the small target: fixed bits, operands in one range and in several, an
// encoder method, a complex operand and its sub-operands, a post-encoder, encodings by mode
// (LLVM 19).
// ARGS: --gen-emitter -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
