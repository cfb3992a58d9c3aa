// Two instructions with the same encoding: LLVM 19 dumps the conflict and goes on, leaving them
// out of the table.
// RELEASE: 19
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<"", []>;
def ModeB : HwMode<"", []>;
include "emit-target.td"
def ADD2 : RRR<0b0001, "add2">;
