// Banks over the small target: coverage of explicit classes, their sub-classes and the
// classes of their sub-registers, sizes by mode (LLVM 19: no class-to-bank table).
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "rb-target.td"
def GPRBank : RegisterBank<"GPR", [GR16, GR32]>;
def ByteBank : RegisterBank<"Byte", [GR8]>;
def FlagBank : RegisterBank<"Flags", [CCR]>;
