// Two issue counters of one CPU with the same resource name.
// ARGS: --gen-exegesis -I inc
include "TargetPfmCounters.td"
class Target;
def MyTarget : Target;
def Counters : ProcPfmCounters {
  let IssueCounters = [PfmIssueCounter<"Port0", "a">, PfmIssueCounter<"Port0", "b">];
}
