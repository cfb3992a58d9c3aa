// A statement node has no diagnostic spelling unless the subject list has a custom one.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrBase.td"
class MutualExclusions<list<Attr> Ex> { list<Attr> Exclusions = Ex; }
def FallThrough : StmtAttr {
  let Spellings = [CXX11<"", "fallthrough", 201603>];
  let Subjects = SubjectList<[NullStmt], ErrorDiag>;
  let Documentation = [Undocumented];
}
