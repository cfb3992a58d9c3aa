// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, optimised (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "copy-common.td"
