// Every spelling name and scope, sorted.
// ARGS: -gen-attribute-spelling-list -I ../inc
// RELEASE: 23
include "AttrSample.td"
