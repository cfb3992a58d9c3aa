// A standard attribute without its version.
// ARGS: -gen-clang-attr-has-attribute-impl -I ../inc
include "AttrBase.td"
def NoVersion : Attr {
  let Spellings = [CXX11<"", "no_version">, C23<"", "no_version">];
  let Documentation = [Undocumented];
}
