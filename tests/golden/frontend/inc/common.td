// Included through -I inc. Guarded, so including it twice is harmless.
#ifndef COMMON_TD
#define COMMON_TD
include "nested.td"
class Common<int n> : Nested {
  int value = n;
}
#endif
