// Another namespace's nodes (-sdnode-namespace), without the warnings (LLVM 22).
// RELEASE: 22
// ARGS: --gen-sd-node-info -sdnode-namespace=OtherISD -warn-on-skipped-nodes=false -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "sd-nodes.td"
