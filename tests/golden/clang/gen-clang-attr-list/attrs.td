// Every attribute under its class's macro, the #pragma ones, the ranges.
// ARGS: -gen-clang-attr-list -I ../inc
include "AttrSample.td"
