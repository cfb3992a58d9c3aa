// Banks over the small target: coverage of explicit classes, their sub-classes and the
// classes of their sub-registers, sizes by mode (LLVM 23: sections and namespaces of its helpers).
// RELEASE: 23
// ARGS: --gen-register-bank -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def GPRBank : RegisterBank<"GPR", [GR16, GR32]>;
def ByteBank : RegisterBank<"Byte", [GR8]>;
def FlagBank : RegisterBank<"Flags", [CCR]>;
