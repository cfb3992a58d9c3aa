// An attribute that accepts an expression pack cannot take an identifier.
// ARGS: -gen-clang-attr-classes -I ../inc
include "AttrBase.td"
def Packed : Attr {
  let Spellings = [Clang<"packed">];
  let Args = [IdentifierArgument<"Name">, VariadicExprArgument<"Exprs">];
  let AcceptsExprPack = 1;
  let Documentation = [Undocumented];
}
