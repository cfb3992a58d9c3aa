// ARGS: --print-sets
// Every SetTheory operator, sets of sets, and a definition that reaches itself (through
// `sequence`, which finds defs by name): it sees its own expansion as empty.
class Set<dag d> { dag Elements = d; }
def a; def b; def c; def d;
def add; def sub; def and; def shl; def trunc; def rotl; def rotr; def decimate;
def interleave; def sequence;
def e0; def e1; def e2; def e3; def e4; def e5; def e6; def e7; def e8; def e9; def e10;
def E : Set<(add e0, e1, e2, e3, e4, e5, e6, e7, e8, e9)>;
def S0 : Set<(add a, a, b, a, c, b, d, a)>;
def S1 : Set<(sub S0, b)>;
def S2 : Set<(and S0, (add d, b, e0))>;
def S3 : Set<(shl S0, 3)>;
def S4 : Set<(trunc S0, 9)>;
def S5 : Set<(rotl S0, -5)>;
def S6 : Set<(rotr S0, 6)>;
def S7 : Set<(decimate (rotl E, 1), 3)>;
def S8 : Set<(interleave (sequence "e%u", 0, 3), (sequence "e%u", 9, 7), (add))>;
def S9 : Set<(sequence "e%u", 10, 0, 3)>;
def S10 : Set<(sequence "e%02u", 0, 0)>;
def R1 : Set<(add a, (sequence "R%u", 1, 2))>;
def R2 : Set<(add b, (sequence "R%u", 1, 1), c)>;
def e00;
