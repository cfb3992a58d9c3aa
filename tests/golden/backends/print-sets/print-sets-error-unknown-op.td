// ARGS: --print-sets
// A fatal SetTheory error, reported at the Set def.
class Set<dag d> { dag Elements = d; }
def a; def add; def sub; def and; def shl; def trunc; def decimate; def sequence; def bogus;
def x1;
def X : Set<(bogus a)>;
