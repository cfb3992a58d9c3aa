// A processor whose Name is no string.
// RELEASE: 22
// ARGS: --gen-target-features
class SubtargetFeature<string n> { string Name = n; list<SubtargetFeature> Implies = []; }
class Processor<int n> { int Name = n; list<SubtargetFeature> Features = []; }
class Target;
def T1 : Target;
def P : Processor<3>;
