// The preprocessor with no -D: the #else branches are taken; #define works in the file.
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

#define BAZ
#ifdef BAZ
  #ifndef FOO
def BazButNotFoo;
  #endif
#endif

// Directives inside a skipped region are still matched: this #else belongs to the inner #ifdef.
#ifdef FOO
#ifdef BAZ
def Skipped1;
#else
def Skipped2;
#endif
#endif
