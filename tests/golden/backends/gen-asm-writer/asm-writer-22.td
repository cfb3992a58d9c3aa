// An instruction printer with aliases: priorities, registers, immediates, zero_reg, a fixed
// register, tied and complex operands, operand predicates and feature predicates (LLVM 22).
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
include "aw-aliases.td"
