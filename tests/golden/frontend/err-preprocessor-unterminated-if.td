// An #ifdef that is never closed by #endif.
#ifdef FOO
def A;
