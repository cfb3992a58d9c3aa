// Two targets.
// ARGS: --gen-exegesis -I inc
include "TargetPfmCounters.td"
class Target;
def A : Target;
def B : Target;
