// A complete model that misses an instruction: each one is an error, then the explanation.
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "mini-target.td"
def M : SchedMachineModel { let CompleteModel = 1; }
let SchedModel = M in {
  def U : ProcResource<1>;
  def : WriteRes<WriteA, [U]>;
}
def : ProcessorModel<"cpu", M, []>;
