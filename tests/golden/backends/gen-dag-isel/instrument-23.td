// -instrument-coverage (LLVM 23): OPC_Coverage before each completed match, the patterns and
// where they were written in tables, complex patterns that report their matches.
// RELEASE: 23
// ARGS: --gen-dag-isel -instrument-coverage -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "isel-target.td"
