// Two instructions with the same encoding: LLVM's conflict dump, then a fatal error (LLVM 23).
// RELEASE: 23
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "emit-target.td"
def ADD2 : RRR<0b0001, "add2">;
