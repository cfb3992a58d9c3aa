// A group defined twice, and one defined inline by two diagnostics: reported, not counted.
// ARGS: -gen-clang-diag-groups -I ../inc
include "DiagnosticBase.td"
def Named : DiagGroup<"a">;
def : DiagGroup<"a">;
let Component = "Common" in {
def warn_one : Warning<"one">, InGroup<DiagGroup<"b">>;
def warn_two : Warning<"two">, InGroup<DiagGroup<"b">>;
}
