// An instruction printer with aliases: priorities, registers, immediates, zero_reg, a fixed
// register, tied and complex operands, operand predicates and feature predicates (LLVM 19).
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
include "aw-aliases.td"
