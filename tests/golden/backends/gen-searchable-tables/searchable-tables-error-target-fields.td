// ARGS: --gen-searchable-tables -I inc
// An instruction without one of the fields LLVM's CodeGenInstruction reads.
include "SearchableTable.td"
def outs; def ins; class Reg;
class Instruction {
  dag OutOperandList = (outs);
  dag InOperandList = (ins);
  string Namespace = "";
  string AsmString = "";
  bit isPreISelOpcode = 0;
  bit isReturn = 0;
  bit isEHScopeReturn = 0;
  bit isBranch = 0;
  bit isIndirectBranch = 0;
  bit isCompare = 0;
  bit isMoveImm = 0;
  bit isMoveReg = 0;
  bit isBitcast = 0;
  bit isSelect = 0;
  bit isBarrier = 0;
  bit isCall = 0;
  bit isAdd = 0;
  bit isTrap = 0;
  bit canFoldAsLoad = 0;
  bit isPredicable = 0;
  bit isConvertibleToThreeAddress = 0;
  bit isTerminator = 0;
  bit isReMaterializable = 0;
  bit hasDelaySlot = 0;
  bit usesCustomInserter = 0;
  bit hasPostISelHook = 0;
  bit hasCtrlDep = 0;
  bit isNotDuplicable = 0;
  bit isRegSequence = 0;
  bit isExtractSubreg = 0;
  bit isInsertSubreg = 0;
  bit isConvergent = 0;
  bit hasNoSchedulingInfo = 0;
  bit FastISelShouldIgnore = 0;
  bit variadicOpsAreDefs = 0;
  bit isAuthenticated = 0;
  bit mayLoad = ?;
  bit mayStore = ?;
  bit mayRaiseFPException = 0;
  bit hasSideEffects = ?;
  bit isAsCheapAsAMove = 0;
  bit hasExtraSrcRegAllocReq = 0;
  bit hasExtraDefRegAllocReq = 0;
  bit isCodeGenOnly = 0;
  bit isPseudo = 0;
  bit isMeta = 0;
  list<Reg> Defs = [];
  list<Reg> Uses = [];
  string Constraints = "";
  string DisableEncoding = "";
  bit isUnpredicable = 0;
}
class HwMode; class HwModeSelect; class Target; def T1 : Target; class Fusion;
class E<Instruction i> { Instruction I = i; bits<4> V = 1; }
def I1 : Instruction; def I2 : Instruction; def I3 : Instruction;
def : E<I1>;
def T : GenericTable { let FilterClass = "E"; let Fields = ["I", "V"]; let PrimaryKey = ["I"]; let PrimaryKeyName = "get"; }
