// ARGS: --print-sets
// Without a class named Set there is nothing to print: a fatal error.
def a;
