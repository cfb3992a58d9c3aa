// No Target def.
// RELEASE: 22
// ARGS: --gen-target-features
class SubtargetFeature<string n, string a, string v, string d, list<SubtargetFeature> i = []> {
  string Name = n; string Attribute = a; string Value = v; string Desc = d; list<SubtargetFeature> Implies = i;
}
class Processor<string n, list<SubtargetFeature> f> { string Name = n; list<SubtargetFeature> Features = f; }
class Target;
def FeatureB : SubtargetFeature<"b", "B", "true", "b">;
