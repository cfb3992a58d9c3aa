// The code emitter of the small target: fixed bits, operands in one range and in several, an
// encoder method, a complex operand and its sub-operands, a post-encoder, encodings by mode
// (LLVM 22).
// RELEASE: 22
// ARGS: --gen-emitter -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "emit-target.td"
