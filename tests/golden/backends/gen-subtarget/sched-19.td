// The small target's subtarget: features, itineraries, the machine model's tables, variant
// resolution, the register file and queues, and an STIPredicate (LLVM 19).
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "sched-target.td"
