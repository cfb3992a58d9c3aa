// A predicate the first instruction has no rule for.
// RELEASE: 22
// ARGS: --gen-macro-fusion-pred -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
def Odd : FirstFusionPredicate;
def TestFusion : Fusion<"fuse", "HasFuse", "Test fusion", [Odd]>;
