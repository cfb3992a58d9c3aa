// The attributes #pragma clang attribute can apply, with their rules (LLVM 23).
// ARGS: -gen-clang-test-pragma-attribute-supported-attributes -I ../inc
// RELEASE: 23
include "AttrArgs.td"
