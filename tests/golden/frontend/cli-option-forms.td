// ARGS: -D FOO -DBAR=1 -Iinc --I=. -D=BAZ
// Spellings of -D and -I on the command line: separate or joined values, and -D=NAME.
// -DBAR=1 defines a macro named "BAR=1", not BAR.
#ifdef FOO
def FooDefined;
#endif
#ifdef BAR
def BarDefined;
#else
def BarNotDefined;
#endif
#ifdef BAZ
def BazDefined;
#endif
include "nested.td"
def UsesNested : Nested;
