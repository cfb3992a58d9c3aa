// Whether unscoped [[x]] attributes take arguments.
// ARGS: -gen-cxx11-attribute-info -I ../inc
// RELEASE: 23
include "AttrSample.td"
