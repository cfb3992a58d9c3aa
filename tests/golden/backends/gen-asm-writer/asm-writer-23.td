// An instruction printer with aliases: priorities, registers, immediates, zero_reg, a fixed
// register, tied and complex operands, operand predicates and feature predicates (LLVM 23).
// RELEASE: 23
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
include "aw-aliases.td"
