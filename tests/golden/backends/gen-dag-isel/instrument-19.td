// -instrument-coverage (LLVM 19): OPC_Coverage before each completed match, the patterns and
// where they were written in tables, complex patterns that report their matches.
// ARGS: --gen-dag-isel -instrument-coverage -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "isel-target.td"
