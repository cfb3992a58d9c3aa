// Groups of errors, of mixed severities, remarks, synonyms and texts of every shape.
// ARGS: -gen-diag-docs -I ../inc
include "DiagnosticBase.td"
def GlobalDocumentation : Documentation { let Intro = "Intro text.\n"; }
def Errors : DiagGroup<"errors">;
def Mixed : DiagGroup<"mixed", [Errors]>;
def Passes : DiagGroup<"pass">;
def Syn : DiagGroup<"syn", [Mixed]>;
def sub_s : TextSubstitution<"%select{a|b|c}0 %1">;
let Component = "Common" in {
def warn_err : Warning<"%0 is bad">, InGroup<Errors>, DefaultError;
def warn_off : Warning<"  spaced  %0 text  ">, InGroup<Mixed>, DefaultIgnore;
def warn_on : Warning<"on %plural{1:one|:%1 many}0 `x` *y* |z| _w_ [v] \\">, InGroup<Mixed>;
def remark_p : Remark<"%0">, InGroup<Passes>;
def remark_q : Remark<"pass %diff{$ to $|types}0,1 %select{|x}2">, InGroup<Passes>;
def warn_sub : Warning<"%sub{sub_s}1,0 and %s2">, InGroup<Syn>;
def warn_empty : Warning<"">, InGroup<Syn>;
}
