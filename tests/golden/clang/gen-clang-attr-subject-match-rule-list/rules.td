// The subject match rules and sub-rules of #pragma clang attribute.
// ARGS: -gen-clang-attr-subject-match-rule-list -I ../inc
include "AttrSample.td"
