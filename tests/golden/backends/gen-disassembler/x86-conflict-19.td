// Two X86 instructions decoded by the same opcode, ModR/M byte and context: LLVM's dump of
// the clash, then "Primary decode conflict" at the target and no tables (LLVM 19).
// RELEASE: 19
// ARGS: --gen-disassembler -I ../gen-x86-fold-tables/inc -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "x86.td"

// ModR/M 0xf8 only, in IC_64BIT_REXW_OPSIZE only (which no context inherits from).
let OpMapBits = 1, hasREX_W = 1, OpSizeBits = 1 in {
def CLAC64 : X86Inst<0x01, 120, (outs), (ins), "clac">;
def CLAC64_ALT : X86Inst<0x01, 120, (outs), (ins), "clac">;
}
// The same bytes in a context of lower rank: the one above is preferred, no conflict.
def CLAC : X86Inst<0x01, 120, (outs), (ins), "clac"> { let OpMapBits = 1; }
