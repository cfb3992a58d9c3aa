#ifndef GUARD
#define GUARD
include "include-guarded.td"
def Once;
#endif
