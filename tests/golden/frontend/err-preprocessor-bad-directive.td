// An unknown preprocessor directive.
#if FOO
def A;
#endif
