// The parsing helpers of the subject match rules.
// ARGS: -gen-clang-attr-subject-match-rules-parser-string-switches -I ../inc
include "AttrSample.td"
