// The small target's subtarget: features, itineraries, the machine model's tables, variant
// resolution, the register file and queues, and an STIPredicate (LLVM 23).
// RELEASE: 23
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "sched-target.td"
