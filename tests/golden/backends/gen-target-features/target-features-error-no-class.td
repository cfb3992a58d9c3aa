// No SubtargetFeature class.
// RELEASE: 22
// ARGS: --gen-target-features
class Target;
def T1 : Target;
