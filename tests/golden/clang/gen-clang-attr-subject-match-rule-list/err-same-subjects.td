// Two rules for one subject.
// ARGS: -gen-clang-attr-subject-match-rule-list -I ../inc
include "AttrBase.td"
def RuleA : AttrSubjectMatcherRule<"a", [Function]>;
def RuleB : AttrSubjectMatcherRule<"b", [Function]>;
