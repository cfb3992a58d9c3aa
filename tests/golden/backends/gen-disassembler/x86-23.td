// X86's disassembler tables (LLVM 23, whose sparse maps share their opcode decisions): legacy, 64-bit-only and 32-bit-only instructions,
// registers added to the opcode, ModR/M reg-field and exact forms, tied operands, OpSize16,
// an immediate, VEX with VEX.L ignored, EVEX with masking, broadcast and compressed
// displacement, a second opcode map, and a pseudo and a code-generation-only instruction left
// out.
// RELEASE: 23
// ARGS: --gen-disassembler -I inc -I ../gen-x86-fold-tables/inc -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "x86-disasm.td"
