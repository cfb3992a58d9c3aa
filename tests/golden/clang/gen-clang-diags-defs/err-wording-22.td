// LLVM 22 lets a text start with "Itanium".
// ARGS: -gen-clang-diags-defs -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Common" in {
def warn_capital : Warning<"Capitalized text">;
def warn_itanium : Warning<"Itanium ABI mismatch">;
}
