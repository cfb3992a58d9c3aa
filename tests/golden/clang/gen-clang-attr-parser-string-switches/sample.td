// The sample's attributes: spellings that several attributes share, target-specific ones.
// ARGS: -gen-clang-attr-parser-string-switches -I ../inc
// RELEASE: 22
include "AttrSample.td"
