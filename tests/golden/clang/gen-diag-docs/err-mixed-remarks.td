// A group of remarks and warnings both cannot be documented.
// ARGS: -gen-diag-docs -I ../inc
include "DiagnosticBase.td"
def GlobalDocumentation : Documentation { let Intro = "intro"; }
def Mixed : DiagGroup<"mixed">;
let Component = "Common" in {
def remark_a : Remark<"a">, InGroup<Mixed>;
def warn_b : Warning<"b">, InGroup<Mixed>;
}
