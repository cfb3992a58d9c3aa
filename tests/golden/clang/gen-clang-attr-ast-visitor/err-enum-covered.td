// An enum argument without IsCovered: clang-tblgen reads it when it makes the argument.
// ARGS: -gen-clang-attr-ast-visitor -I ../inc
include "AttrBase.td"
class EnumArgument<string name, string type, list<string> values, list<string> enums>
    : Argument<name, 0> {
  string Type = type;
  list<string> Values = values;
  list<string> Enums = enums;
  bit IsExternalType = 0;
}
def Bad : Attr {
  let Spellings = [GNU<"bad">];
  let Args = [EnumArgument<"Kind", "KindType", ["a"], ["A"]>];
  let Documentation = [Undocumented];
}
