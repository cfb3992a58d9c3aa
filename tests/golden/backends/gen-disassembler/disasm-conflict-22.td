// Two instructions with the same encoding: LLVM's conflict dump, then a fatal error (LLVM 22).
// RELEASE: 22
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I ../gen-emitter/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "emit-target.td"
def ADD2 : RRR<0b0001, "add2">;
