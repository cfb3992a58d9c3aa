// The old side of the command-line cases: multiclass lets, anonymous defs, a rename, long
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
  let hasSideEffects = 0 in
  def _m : I<!add(base, 1)>;
}
defm A : M<1>;
defm B : M<2>;
defm C : M<3>;
def : I<7>;
def : I<8>;
def X : I<9> {
  let Asm = "mov $dst, $src1, $src2 with a long assembly string that needs an inline diff";
}
def Y : I<10>;
def W : I<11>;
def V : I<12> { int Extra = 1; }
def Ref { I r = !cast<I>("anonymous_1"); list<I> all = [X, Y]; }
