// Subjects without a diagnostic spelling: an error each, and a fatal one when none has one.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrBase.td"
class MutualExclusions<list<Attr> Ex> { list<Attr> Exclusions = Ex; }
def Unnamed : DeclNode<Decl, "", 1>;
def Unnamed2 : DeclNode<Decl, "", 1>;
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let Subjects = SubjectList<[Unnamed, Function, Unnamed2]>;
  let Documentation = [Undocumented];
}
def Zold : Attr {
  let Spellings = [GCC<"cold">];
  let Subjects = SubjectList<[Unnamed2]>;
  let Documentation = [Undocumented];
}
