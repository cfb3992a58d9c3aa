// A small model of llvm/Target/Target.td's subtarget features and processors.
class SubtargetFeature<string n, string f, string v, string d, list<SubtargetFeature> i = []> {
  string Name = n;
  string FieldName = f;
  string Value = v;
  string Desc = d;
  list<SubtargetFeature> Implies = i;
}
class SchedMachineModel;
def NoSchedModel : SchedMachineModel;
class Processor<string n, list<SubtargetFeature> f> {
  string Name = n;
  list<SubtargetFeature> Features = f;
}
class ProcessorModel<string n, SchedMachineModel m, list<SubtargetFeature> f> : Processor<n, f> {
  SchedMachineModel SchedModel = m;
}
