// Only the last argument of an attribute that accepts an expression pack may be variadic.
// ARGS: -gen-clang-attr-classes -I ../inc
// RELEASE: 22
include "AttrBase.td"
def Packed : Attr {
  let Spellings = [Clang<"packed">];
  let Args = [VariadicExprArgument<"Exprs">, ExprArgument<"Last">];
  let AcceptsExprPack = 1;
  let Documentation = [Undocumented];
}
