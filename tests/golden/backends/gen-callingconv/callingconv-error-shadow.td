// A shadow register list of another length than the register list.
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
foreach i = 0-3 in
  def R#i : Register<"r"#i>;
def CC : CallingConv<[CCAssignToRegWithShadow<[R0, R1], [R2]>]>;
