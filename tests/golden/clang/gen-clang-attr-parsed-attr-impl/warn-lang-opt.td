// A language option with both a name and custom code: the code wins, with a warning (twice
// where a #pragma rule tests it too).
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrBase.td"
class MutualExclusions<list<Attr> Ex> { list<Attr> Exclusions = Ex; }
def Both : LangOpt<"OpenCL", [{LangOpts.OpenCL && !LangOpts.CPlusPlus}]>;
def SubjectMatcherForFunction : AttrSubjectMatcherRule<"function", [Function]> {
  let LangOpts = [Both];
}
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let Subjects = SubjectList<[Function]>;
  let LangOpts = [Both, CPlusPlus];
  let Documentation = [Undocumented];
}
