// The small target's subtarget: features, itineraries, the machine model's tables, variant
// resolution, the register file and queues, and an STIPredicate (LLVM 22).
// RELEASE: 22
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "sched-target.td"
