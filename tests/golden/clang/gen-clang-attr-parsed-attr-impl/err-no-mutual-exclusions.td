// The mutual exclusions are looked up for every attribute: a file without their class fails.
// ARGS: -gen-clang-attr-parsed-attr-impl -I ../inc
include "AttrSample.td"
