// Another namespace's nodes (-sdnode-namespace), without the warnings (LLVM 23).
// RELEASE: 23
// ARGS: --gen-sd-node-info -sdnode-namespace=OtherISD -warn-on-skipped-nodes=false -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "sd-nodes.td"
