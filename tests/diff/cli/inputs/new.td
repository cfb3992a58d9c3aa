// The new side of the command-line cases: multiclass lets, anonymous defs, a rename, long
// values and code.
def ops;
class Base { string Namespace = "Demo"; }
class I<int s> : Base {
  int Size = s;
  bit hasSideEffects = 0;
  string Asm = "";
  dag Ops = (ops);
  code Decoder = [{
    return decode(Insn);
  }];
}
class Flagged { bit Flag = 1; }
multiclass M<int base> {
  def _r : I<base>;
  let hasSideEffects = 1 in
  def _m : I<!add(base, 1)>;
}
defm A : M<1>;
defm B : M<2>;
defm C : M<3>;
def New : I<5>;
def : I<6>;
def : I<7>;
def : I<8>;
def X : I<9> {
  let Asm = "mov $dst, $src1, $src3 with a long assembly string that needs an inline diff";
}
def Z : I<10>;
def W : I<11>, Flagged {
  let Decoder = [{
    return decodeWide(Insn);
  }];
}
def V : I<12> { int Other = 2; }
def Ref { I r = !cast<I>("anonymous_1"); list<I> all = [X, Z]; }
