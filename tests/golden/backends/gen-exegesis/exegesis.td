// Counters of two CPUs (issue and validation counters), and CPUs bound to them.
// ARGS: --gen-exegesis -I inc
include "TargetPfmCounters.td"
class Target;
def MyTarget : Target;
def CyclesCounter : PfmCounter<"cycles">;
def UopsIssued : PfmCounter<"uops_issued">;
def FastCounters : ProcPfmCounters {
  let CycleCounter = CyclesCounter;
  let UopsCounter = UopsIssued;
  let IssueCounters = [PfmIssueCounter<"Port0", "uops_dispatched:port_0">,
                       PfmIssueCounter<"Port1", "uops_dispatched:port_1">];
  let ValidationCounters = [PfmValidationCounter<L1DCacheLoadMiss, "l1d_miss">,
                            PfmValidationCounter<InstructionRetired, "instructions">];
}
def SlowCounters : ProcPfmCounters {
  let CycleCounter = CyclesCounter;
  let IssueCounters = [PfmIssueCounter<"ALU", "alu_ops">];
}
def EmptyCounters : ProcPfmCounters;
def : PfmCountersDefaultBinding<EmptyCounters>;
def : PfmCountersBinding<"slow-cpu", SlowCounters>;
def : PfmCountersBinding<"fast-cpu", FastCounters>;
