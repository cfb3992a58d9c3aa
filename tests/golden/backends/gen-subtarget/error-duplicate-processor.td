// Two processors of one name: LLVM 19 says "Duplicate processor name".
// ARGS: --gen-subtarget -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "mini-target.td"
def : ProcessorModel<"cpu", NoSchedModel, []>;
def : ProcessorModel<"cpu", NoSchedModel, []>;
