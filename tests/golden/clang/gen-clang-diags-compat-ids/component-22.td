// One component's compatibility warning ids.
// ARGS: -gen-clang-diags-compat-ids -clang-component=Sema -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Sema" in
def : CompatWarningId<"one", 11, "compat_cxx11_one", "compat_pre_cxx11_one">;
let Component = "Parse" in
def : CompatWarningId<"three", 17, "compat_cxx17_three", "compat_pre_cxx17_three">;
