// Packages in LLVM 22's StringMap order.
// RELEASE: 22
// ARGS: -gen-clang-sa-checkers -I ../inc
include "CheckerBase.td"
def A : Package<"alpha">; def B : Package<"beta">; def C : Package<"core">; def D : Package<"deadcode">;
def E : Package<"optin">, ParentPackage<A>; def F : Package<"osx">; def G : Package<"unix">, ParentPackage<F>;
def K : Checker<"K">, ParentPackage<G>, Documentation<HasDocumentation>;
