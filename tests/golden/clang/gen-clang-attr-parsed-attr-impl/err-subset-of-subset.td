// A subset subject cannot be a subset of another.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrBase.td"
class MutualExclusions<list<Attr> Ex> { list<Attr> Exclusions = Ex; }
def GlobalVar : SubsetSubject<Var, [{S->hasGlobalStorage()}], "global variables">;
def GlobalConstVar : SubsetSubject<GlobalVar, [{S->isConst()}], "global constants">;
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let Subjects = SubjectList<[Function, GlobalConstVar]>;
  let Documentation = [Undocumented];
}
