// No RVVBuiltin class: nothing to make intrinsics of.
// RELEASE: 22
// ARGS: -gen-riscv-vector-builtin-sema -I ../../../../../shared/corpus/llvm-22.1.8/clang/include/clang/Basic
class RVVHeader { code HeaderCode; }
