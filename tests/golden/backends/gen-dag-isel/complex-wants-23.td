// A complex pattern whose function takes the match's root and one that takes the operand's parent (LLVM 23: the bits WantsRoot and WantsParent, no longer properties).
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include
include "llvm/Target/Target.td"

def ArchInstrInfo : InstrInfo;
def Arch : Target { let InstructionSet = ArchInstrInfo; }

foreach i = 0...7 in
def R#i : Register<"r"#i> { let HWEncoding{2-0} = i; }
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 7)>;

let WantsRoot = true in
def addr : ComplexPattern<iPTR, 2, "SelectAddr">;
let WantsParent = true in
def paddr : ComplexPattern<iPTR, 1, "SelectParentAddr">;
def memsrc : Operand<i32> { let MIOperandInfo = (ops GPR, i32imm); }
def memreg : Operand<i32> { let MIOperandInfo = (ops GPR); }

class ArchInst<dag outs, dag ins, string asm, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Pattern = pattern;
  let Size = 4;
}

def LW : ArchInst<(outs GPR:$rd), (ins memsrc:$addr), "lw $rd, $addr",
                  [(set GPR:$rd, (load addr:$addr))]>;
def SW : ArchInst<(outs), (ins GPR:$rs, memreg:$addr), "sw $rs, $addr",
                  [(store GPR:$rs, paddr:$addr)]>;
