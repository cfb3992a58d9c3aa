// ARGS: --print-detailed-records
// Globals, template arguments, direct and indirect superclasses, field locations as moved by
// `let`, and defm sequences.
class C<int a, string b = "x"> {
  int f = a;
  string g = b;
  field bits<2> h = {0, ?};
}
defvar gv = [1, 2];
defset list<C> S = {
  def d1 : C<1>;
}
class D : C<2, "y"> {
  let g = "over";
}
class E<int e> : D;
let f = 5 in
def d2 : E<1> {
  let h = 3;
  dag dd = (d1 d1:$x);
}
multiclass M<int x> {
  def _a : C<x>;
}
multiclass N { defm _n : M<4>; }
defm m : N;
def : C<7>;
def "";
