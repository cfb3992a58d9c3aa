// Texts that start with a capital or end with punctuation are errors; the rest is written.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
let Component = "Common" in {
def warn_capital : Warning<"Capitalized text">;
def warn_period : Warning<"ends with a period.">;
def warn_select : Warning<"%select{Bad|good}0 start">;
def warn_select_end : Warning<"trailing %select{one!|two}0">;
def warn_second_word : Warning<"%select{|fine}0 Not okay">;
def warn_acronym : Warning<"ISO C does not allow it">;
def warn_itanium : Warning<"Itanium ABI mismatch">;
}
