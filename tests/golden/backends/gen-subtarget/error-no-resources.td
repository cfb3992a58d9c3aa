// A machine model without resources for a write its instructions use.
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "mini-target.td"
def M : SchedMachineModel { let CompleteModel = 0; }
let SchedModel = M in {
  def U : ProcResource<1>;
  def WriteB : SchedWriteRes<[U]>;
}
def : ProcessorModel<"cpu", M, []>;
