// #else with no #ifdef or #ifndef open.
def A;
#else
def B;
