// Banks over the small target: coverage of explicit classes, their sub-classes and the
// classes of their sub-registers, sizes by mode (LLVM 22: with the class-to-bank table).
// RELEASE: 22
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def GPRBank : RegisterBank<"GPR", [GR16, GR32]>;
def ByteBank : RegisterBank<"Byte", [GR8]>;
def FlagBank : RegisterBank<"Flags", [CCR]>;
