// A flag the record sets that the instruction's pattern contradicts: LLVM's "Pattern doesn't
// match" errors, then "pattern conflicts".
// ARGS: --gen-instr-info -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"

def R0 : Register<"r0">;
def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
def MyInstrInfo : InstrInfo;
def MyTarget : Target { let InstructionSet = MyInstrInfo; }

class MyInst<dag outs, dag ins, list<dag> pat> : Instruction {
  let Namespace = "My";
  let OutOperandList = outs;
  let InOperandList = ins;
  let Pattern = pat;
}

def STORE : MyInst<(outs), (ins GPR:$src, GPR:$addr), [(store GPR:$src, GPR:$addr)]> {
  let mayStore = 0;
}
def LOAD : MyInst<(outs GPR:$dst), (ins GPR:$addr), []> {
  let mayLoad = 0;
  let hasSideEffects = 0;
}
def : Pat<(i32 (load GPR:$addr)), (LOAD GPR:$addr)>;
