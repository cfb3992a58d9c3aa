// A remark in no group is fatal.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
let Component = "Common" in
def remark_lonely : Remark<"lonely remark">;
