// The immediate checks' enumerators in StringMap order.
// RELEASE: 23
// ARGS: -gen-arm-immcheck-types -I ../inc
include "SveTypes.td"
