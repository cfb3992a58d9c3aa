// Compatibility warning ids, numbered among all, grouped by component.
// ARGS: -gen-clang-diags-compat-ids -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Sema" in {
def : CompatWarningId<"one", 11, "compat_cxx11_one", "compat_pre_cxx11_one">;
def : CompatWarningId<"two", 14, "compat_cxx14_two", "compat_pre_cxx14_two">;
}
let Component = "Parse" in
def : CompatWarningId<"three", 17, "compat_cxx17_three", "compat_pre_cxx17_three">;
let Component = "Sema" in
def : CompatWarningId<"four", 20, "compat_cxx20_four", "compat_pre_cxx20_four">;
