// A checker without its documentation bit.
// RELEASE: 23
// ARGS: -gen-clang-sa-checkers -I ../inc
include "CheckerBase.td"
def P : Package<"p">;
def K : Checker<"K">, ParentPackage<P>;
