// Target nodes of every kind: descriptions, constraints by hardware mode, shared and
// skipped enumerators, with the warnings that say why (LLVM 22).
// RELEASE: 22
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "sd-nodes.td"
