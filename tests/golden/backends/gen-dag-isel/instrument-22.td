// -instrument-coverage (LLVM 22): OPC_Coverage before each completed match, the patterns and
// where they were written in tables, complex patterns that report their matches.
// RELEASE: 22
// ARGS: --gen-dag-isel -instrument-coverage -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "isel-target.td"
