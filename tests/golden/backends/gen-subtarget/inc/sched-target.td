// A small target with a schedule model of every kind: features, processors with itineraries
// and with machine models, InstRW (instrs and instregex), ItinRW, variants with MC and legacy
// predicates, aliases, sequences, read advances, resource groups and super-resources, a
// register file, a retire control unit, load and store queues, and an STIPredicate.
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }

def FeatureA : SubtargetFeature<"a", "HasA", "true", "Enable A">;
def FeatureB : SubtargetFeature<"b", "HasB", "true", "Enable B", [FeatureA]>;
def FeatureWidth : SubtargetFeature<"wide", "Width", "64", "Wide words">;
def FeatureNoC : SubtargetFeature<"no-c", "HasC", "false", "Disable C">;

let Namespace = "Test" in {
  def R0 : Register<"r0">;
  def R1 : Register<"r1">;
}
def GPR : RegisterClass<"Test", [i32], 32, (add R0, R1)>;

def WriteALU : SchedWrite;
def WriteLD : SchedWrite;
def WriteST : SchedWrite;
def ReadALU : SchedRead;
def WriteV : SchedWrite;

def IIC_ALU : InstrItinClass;
def IIC_LD : InstrItinClass;

let Namespace = "Test", OutOperandList = (outs GPR:$d), InOperandList = (ins GPR:$a, GPR:$b) in {
  def ADD : Instruction, Sched<[WriteALU, ReadALU, ReadALU]> { let Itinerary = IIC_ALU; }
  def SUB : Instruction, Sched<[WriteALU, ReadALU, ReadALU]> { let Itinerary = IIC_ALU; }
  def XOR : Instruction, Sched<[WriteV, ReadALU, ReadALU]>;
  def LD : Instruction, Sched<[WriteLD, ReadALU]> { let Itinerary = IIC_LD; }
  def ST : Instruction, Sched<[WriteST]>;
  def MOVE : Instruction { let isPseudo = 1; }
}

// An in-order processor with itineraries.
def ALU_FU : FuncUnit;
def LDST_FU : FuncUnit;
def ALU_BP : Bypass;
def TestItineraries : ProcessorItineraries<[ALU_FU, LDST_FU], [ALU_BP], [
  InstrItinData<IIC_ALU, [InstrStage<1, [ALU_FU]>], [1, 1], [ALU_BP]>,
  InstrItinData<IIC_LD, [InstrStage<1, [ALU_FU]>, InstrStage<2, [LDST_FU]>], [3, 1]>
]>;

// An out-of-order machine model.
def IsTestIdiom : MCSchedPredicate<CheckSameRegOperand<1, 2>>;
def TestModel : SchedMachineModel {
  let IssueWidth = 2;
  let MicroOpBufferSize = 16;
  let LoadLatency = 3;
  let CompleteModel = 0;
}
let SchedModel = TestModel in {
  def TestALU : ProcResource<2>;
  def TestAGU : ProcResource<1> { let BufferSize = 8; }
  def TestLS : ProcResource<1> { let Super = TestAGU; }
  def TestAny : ProcResGroup<[TestALU, TestAGU]>;
  def : WriteRes<WriteALU, [TestALU]>;
  def : WriteRes<WriteLD, [TestLS]> { let Latency = 4; let ReleaseAtCycles = [2]; }
  def : WriteRes<WriteST, [TestAny, TestAGU]> { let NumMicroOps = 2; }
  def TestWriteZero : SchedWriteRes<[]> { let Latency = 0; }
  def TestWriteSlow : SchedWriteRes<[TestALU]> { let Latency = 3; }
  def TestWriteV : SchedWriteVariant<[
    SchedVar<IsTestIdiom, [TestWriteZero]>,
    SchedVar<SchedPredicate<[{MI->getNumOperands() > 2}]>, [TestWriteSlow, TestWriteSlow]>,
    SchedVar<NoSchedPred, [TestWriteSlow]>
  ]>;
  def : SchedAlias<WriteV, TestWriteV>;
  def : ReadAdvance<ReadALU, 1, [WriteALU]>;
  def TestWriteSeq : WriteSequence<[WriteALU, WriteLD], 2>;
  def : InstRW<[TestWriteSeq, ReadALU], (instrs ST)>;
  def : InstRW<[TestWriteSlow, ReadALU, ReadALU], (instregex "^SU", "XO")>;
  def TestRF : RegisterFile<4, [GPR], [2]>;
  def TestROB : RetireControlUnit<32, 2>;
  def TestLQ : LoadQueue<TestAGU>;
  def TestSQ : StoreQueue<TestAGU>;
}

def IsTestIdiomDecl : STIPredicateDecl<"isTestIdiom", FalsePred, 0, 1, 1>;
let SchedModel = TestModel in
def : STIPredicate<IsTestIdiomDecl, [
  InstructionEquivalenceClass<[XOR, SUB], IsTestIdiom.Pred, [1, 2]>,
  InstructionEquivalenceClass<[ADD], TruePred>
]>;

def : ProcessorModel<"fast", TestModel, [FeatureB], [FeatureNoC]>;
def : Processor<"inorder", TestItineraries, [FeatureA]>;
def : ProcessorModel<"generic", NoSchedModel, []>;
