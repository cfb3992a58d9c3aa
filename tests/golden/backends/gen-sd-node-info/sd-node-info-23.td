// Target nodes of every kind: descriptions, constraints by hardware mode, shared and
// skipped enumerators, with the warnings that say why (LLVM 23).
// RELEASE: 23
// ARGS: --gen-sd-node-info -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "sd-nodes.td"
