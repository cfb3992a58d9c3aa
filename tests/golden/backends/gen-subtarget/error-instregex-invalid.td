// An instregex whose pattern is no regular expression matches nothing.
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "mini-target.td"
def M : SchedMachineModel { let CompleteModel = 0; }
let SchedModel = M in {
  def U : ProcResource<1>;
  def : WriteRes<WriteA, [U]>;
  def : InstRW<[WriteA], (instregex "IN(C")>;
}
def : ProcessorModel<"cpu", M, []>;
