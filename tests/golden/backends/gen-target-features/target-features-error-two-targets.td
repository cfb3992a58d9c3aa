// Two Target defs.
// RELEASE: 22
// ARGS: --gen-target-features
class SubtargetFeature<string n, string a, string v, string d, list<SubtargetFeature> i = []> {
  string Name = n; string Attribute = a; string Value = v; string Desc = d; list<SubtargetFeature> Implies = i;
}
class Processor<string n, list<SubtargetFeature> f> { string Name = n; list<SubtargetFeature> Features = f; }
class Target;
def T1 : Target;
def T2 : Target;
