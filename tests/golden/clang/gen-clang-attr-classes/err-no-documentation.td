// Every attribute, in the AST or not, must say how it is documented.
// ARGS: -gen-clang-attr-classes -I ../inc
include "AttrBase.td"
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let ASTNode = 0;
}
