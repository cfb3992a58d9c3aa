// Packetizers of three PacketizerNamespaces, written in the order of the hash map LLVM groups
// the processors in (LLVM 19: libstdc++'s unordered_map), the units and classes numbered on from one
// namespace to the next.
// RELEASE: 19
// ARGS: --gen-dfa-packetizer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def VInstrInfo : InstrInfo;
def V : Target { let InstructionSet = VInstrInfo; }
def SLOT0 : FuncUnit;
def SLOT1 : FuncUnit;
def SLOT2 : FuncUnit;
def PAIR : FuncUnit;
def IC_ALU : InstrItinClass;
def IC_MEM : InstrItinClass;
def IC_WIDE : InstrItinClass;
def IC_NONE : InstrItinClass;
def PairCombo : ComboFuncUnits<[ComboFuncData<PAIR, [SLOT0, SLOT1]>]>;
def ItinA : ProcessorItineraries<[SLOT0, SLOT1, SLOT2, PAIR], [], [
  InstrItinData<IC_ALU, [InstrStage<1, [SLOT0, SLOT1, SLOT2]>]>,
  InstrItinData<IC_MEM, [InstrStage<1, [SLOT0]>, InstrStage<1, [SLOT1, SLOT2]>]>,
  InstrItinData<IC_WIDE, [InstrStage<1, [PAIR]>]>]>;
let PacketizerNamespace = "Beta" in
def ItinB : ProcessorItineraries<[SLOT0, SLOT1, SLOT2, PAIR], [], [
  InstrItinData<IC_ALU, [InstrStage<1, [SLOT0, SLOT1]>]>,
  InstrItinData<IC_MEM, [InstrStage<1, [SLOT2]>]>]>;
def ModelA : SchedMachineModel { let Itineraries = ItinA; let CompleteModel = 0; }
def ModelB : SchedMachineModel { let Itineraries = ItinB; let CompleteModel = 0; }
def : ProcessorModel<"a", ModelA, []>;
def : ProcessorModel<"b", ModelB, []>;
class VI<string n, InstrItinClass itin> : Instruction {
  let Namespace = "V";
  let OutOperandList = (outs);
  let InOperandList = (ins);
  let AsmString = n;
  let Itinerary = itin;
}
def ItinC : ProcessorItineraries<[SLOT2, SLOT0], [], [
  InstrItinData<IC_ALU, [InstrStage<1, [SLOT2]>]>,
  InstrItinData<IC_WIDE, [InstrStage<1, [SLOT0, SLOT2]>]>]>;
def ModelC : SchedMachineModel { let Itineraries = ItinC; let CompleteModel = 0; }
def : ProcessorModel<"c", ModelC, []>;
let PacketizerNamespace = "Alpha" in def ItinD : ProcessorItineraries<[SLOT1], [], [
  InstrItinData<IC_MEM, [InstrStage<1, [SLOT1]>]>]>;
def ModelD : SchedMachineModel { let Itineraries = ItinD; let CompleteModel = 0; }
def : ProcessorModel<"d", ModelD, []>;
def ADD : VI<"add", IC_ALU>;
def LD : VI<"ld", IC_MEM>;
def WADD : VI<"wadd", IC_WIDE>;
def NOP : VI<"nop", IC_NONE>;
