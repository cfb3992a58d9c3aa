// The code emitter of the small target: fixed bits, operands in one range and in several, an
// encoder method, a complex operand and its sub-operands, a post-encoder, encodings by mode
// (LLVM 23).
// RELEASE: 23
// ARGS: --gen-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "emit-target.td"
