// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, optimised (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "copy-common.td"
