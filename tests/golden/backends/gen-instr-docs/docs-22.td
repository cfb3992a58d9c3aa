// A target's instruction page (LLVM 22): two assembly variants, flags written and inferred from
// patterns (mayLoad, mayStore, hasSideEffects), an operand of several machine operands with
// named and unnamed parts, constraints, implicit registers, predicates, escapes.
// RELEASE: 22
// ARGS: --gen-instr-docs -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"

def ArchInstrInfo : InstrInfo;
def ATT : AsmParserVariant { let Variant = 0; let Name = "att"; }
def Intel : AsmParserVariant { let Variant = 1; let Name = "intel"; }
def Arch : Target {
  let InstructionSet = ArchInstrInfo;
  let AssemblyParserVariants = [ATT, Intel];
}

foreach i = 0...3 in
def R#i : Register<"r"#i>;
def FLAGS : Register<"flags">;
def GPR : RegisterClass<"Arch", [i32], 32, (sequence "R%u", 0, 3)>;
def HasExt : Predicate<"Subtarget->hasExt()">;

def simm8 : Operand<i32>;
def mem : Operand<i32> { let MIOperandInfo = (ops GPR:$base, simm8, GPR:$index); }
def Addr : ComplexPattern<i32, 3, "SelectAddr", [], []>;

class ArchInst<dag outs, dag ins, string asm, list<dag> pattern> : Instruction {
  let Namespace = "Arch";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asm;
  let Pattern = pattern;
  let Size = 4;
}

def ADD_rr : ArchInst<(outs GPR:$rd), (ins GPR:$rs1, GPR:$rs2), "  {add\t$rd, $rs1, $rs2|add $rd,$rs1,$rs2}  ",
                      [(set GPR:$rd, (add GPR:$rs1, GPR:$rs2))]> {
  let isCommutable = 1;
  let isAdd = 1;
  let Defs = [FLAGS];
}
def LOAD : ArchInst<(outs GPR:$rd), (ins mem:$addr), "ld $rd, $addr", [(set GPR:$rd, (load Addr:$addr))]>;
def STORE : ArchInst<(outs), (ins GPR:$rs, mem:$addr), "st $rs, $addr", [(store GPR:$rs, Addr:$addr)]>;
def INC : ArchInst<(outs GPR:$rd), (ins GPR:$rs), "inc $rd", []> {
  let Constraints = "$rd = $rs";
  let Uses = [FLAGS];
  let Defs = [FLAGS, R0];
  let Predicates = [HasExt];
  let hasSideEffects = 1;
}
def RET : ArchInst<(outs), (ins), "ret", []> {
  let isReturn = 1;
  let isTerminator = 1;
  let isBarrier = 1;
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;
}
def NOASM : ArchInst<(outs), (ins), "", []> { let isPseudo = 1; let isCodeGenOnly = 1; }
