// #endif with no #ifdef or #ifndef open.
def A;
#endif
