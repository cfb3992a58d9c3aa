// Two processors of one name: LLVM 22 says the second is already defined.
// RELEASE: 22
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "mini-target.td"
def : ProcessorModel<"cpu", NoSchedModel, []>;
def : ProcessorModel<"cpu", NoSchedModel, []>;
