// WebAssembly's tables (a target named WebAssembly): opcodes by prefix byte, the canonical
// stack-based instruction of each, shared operand type lists (LLVM 22).
// RELEASE: 22
// ARGS: --gen-disassembler -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def WebAssemblyInstrInfo : InstrInfo;
def WebAssembly : Target { let InstructionSet = WebAssemblyInstrInfo; }
def R0 : Register<"r0"> { let Namespace = "WebAssembly"; }
def I32 : RegisterClass<"WebAssembly", [i32], 32, (add R0)>;
def wimm : Operand<i32> { let OperandType = "OPERAND_IMMEDIATE"; }
class WI<bits<32> op, string asm, dag ins, bit stack, bit canonical = 0> : Instruction {
  let Namespace = "WebAssembly";
  let OutOperandList = (outs);
  let InOperandList = ins;
  let AsmString = asm;
  field bits<32> Inst = op;
  bit StackBased = stack;
  bit IsCanonical = canonical;
}
def NOP : WI<0x01, "nop", (ins), 1>;
def CALL_R : WI<0x10, "call_r $a", (ins I32:$a), 0>;
def CALL : WI<0x10, "i32.call $a", (ins wimm:$a), 1>;
def CALL_C : WI<0x10, "call $a", (ins wimm:$a), 1, 1>;
def BR : WI<0x0c, "br $a", (ins wimm:$a), 1>;
def ADD2 : WI<0x0d, "add2 $a, $b", (ins wimm:$a, wimm:$b), 1>;
def SIMD_ADD : WI<0xfd0e, "simd.add", (ins wimm:$a, wimm:$b), 1>;
def WIDE : WI<0xfc1234, "wide", (ins), 1>;
def NONE : WI<0xffffffff, "none", (ins), 1>;
