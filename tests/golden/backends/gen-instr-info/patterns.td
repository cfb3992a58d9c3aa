// Flags inferred from patterns: loads, stores, side effects, intrinsics, fragments with
// several alternatives, a bitcast, a Pat that names one instruction; an instruction
// mapping, a TIIPredicate, operand names and logical operand sizes.
// ARGS: --gen-instr-info -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"

def R0 : Register<"r0">;
def R1 : Register<"r1">;
def R2 : Register<"r2">;
def GPR : RegisterClass<"My", [i32], 32, (add R0, R1)>;
def FPR : RegisterClass<"My", [f32], 32, (add R2)>;
def MyInstrInfo : InstrInfo;
def MyTarget : Target { let InstructionSet = MyInstrInfo; }

def FeatureA : SubtargetFeature<"a", "HasA", "true", "A">;
def HasA : Predicate<"Subtarget->hasA()">, AssemblerPredicate<(all_of FeatureA)>;

def int_my_load : Intrinsic<[llvm_i32_ty], [llvm_ptr_ty], [IntrReadMem]>;
def int_my_pure : Intrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrNoMem]>;
def int_my_fence : Intrinsic<[], [], []>;

def anyadd : PatFrags<(ops node:$a, node:$b), [(add node:$a, node:$b), (or node:$a, node:$b)]>;
def my_store : PatFrag<(ops node:$v, node:$p), (store node:$v, node:$p)>;

class MyInst<dag outs, dag ins, list<dag> pat> : Instruction {
  let Namespace = "My";
  let OutOperandList = outs;
  let InOperandList = ins;
  let Pattern = pat;
  let Size = 4;
  let UseNamedOperandTable = 1;
  let UseLogicalOperandMappings = 1;
  bits<2> Kind = 0;
  string BaseOpcode = NAME;
  let TSFlags{1-0} = Kind;
}

def LOAD : MyInst<(outs GPR:$dst), (ins GPR:$addr), [(set GPR:$dst, (load GPR:$addr))]>;
def STORE : MyInst<(outs), (ins GPR:$src, GPR:$addr), [(my_store GPR:$src, GPR:$addr)]>;
def ADDOR : MyInst<(outs GPR:$dst), (ins GPR:$a, GPR:$b), [(set GPR:$dst, (anyadd GPR:$a, GPR:$b))]>;
def ILOAD : MyInst<(outs GPR:$dst), (ins GPR:$addr), [(set GPR:$dst, (int_my_load GPR:$addr))]>;
def IPURE : MyInst<(outs GPR:$dst), (ins GPR:$a), [(set GPR:$dst, (int_my_pure GPR:$a))]> {
  let Predicates = [HasA];
}
def FENCE : MyInst<(outs), (ins), [(int_my_fence)]>;
def CAST : MyInst<(outs GPR:$dst), (ins FPR:$a), [(set GPR:$dst, (bitconvert FPR:$a))]> { let Kind = 1; }
def NOPAT : MyInst<(outs GPR:$dst), (ins GPR:$a), []> { let BaseOpcode = "ADDOR"; let Kind = 2; }
def VIAPAT : MyInst<(outs GPR:$dst), (ins GPR:$a), []> { let hasSideEffects = 0; }
def SET : MyInst<(outs GPR:$dst), (ins GPR:$a), []> { let mayLoad = 1; let mayStore = 0; let hasSideEffects = 0; }
def : Pat<(i32 (load (add GPR:$a, GPR:$a))), (VIAPAT GPR:$a)>;
def : Pat<(i32 (sub GPR:$a, GPR:$a)), (ADDOR GPR:$a, (NOPAT GPR:$a))>;

def getKindOpcode : InstrMapping {
  let FilterClass = "MyInst";
  let RowFields = ["BaseOpcode"];
  let ColFields = ["Kind"];
  let KeyCol = ["0"];
  let ValueCols = [["2"]];
}

def IsCast : TIIPredicate<"isCast", MCReturnStatement<CheckOpcode<[CAST]>>>;
