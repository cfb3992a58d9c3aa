// A register without the alternative name its index asks for.
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
let Namespace = "Test" in def R9 : Register<"r9", ["a9"]> { let RegAltNameIndices = [ABIRegAltName, NumRegAltName]; }
