// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, optimised (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "copy-common.td"
