// A C++11 spelling without a Namespace field.
// ARGS: -gen-clang-attr-parsed-attr-kinds -I ../inc
include "AttrBase.td"
class BadCXX11<string name> : Spelling<name, "CXX11">;
def Bad : Attr {
  let Spellings = [BadCXX11<"bad">];
  let Documentation = [Undocumented];
}
