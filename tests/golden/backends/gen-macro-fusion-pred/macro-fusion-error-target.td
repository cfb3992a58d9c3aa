// A fusion predicate whose target is no fusion target.
// ARGS: --gen-macro-fusion-pred -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
def elsewhere_fusion_target : FusionTarget;
def Odd : FusionPredicate<elsewhere_fusion_target>;
def TestFusion : Fusion<"fuse", "HasFuse", "Test fusion", [Odd]>;
