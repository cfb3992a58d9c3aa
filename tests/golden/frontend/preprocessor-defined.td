// ARGS: -DFOO -DBAR
// The preprocessor with macros from the command line: #ifdef, #ifndef, #else, nesting.
#ifdef FOO
def FooDefined;
#else
def FooNotDefined;
#endif

#ifndef BAR
def BarNotDefined;
#else
def BarDefined;
#endif

#ifdef FOO
#ifdef BAR
def FooAndBar;
#endif
#endif

#define LOCAL
#ifdef LOCAL
def LocalDefined;
#endif
