// ARGS: --dump-json
// The JSON backend over records from classes, defm and anonymous defs (locations included).
def ins;
class C<int n> {
  int N = n;
  field string F = "f";
  bits<3> B = 0b101;
  list<C> L = [];
  dag D = (ins);
}
def A : C<1>;
multiclass M {
  def _m : C<2>;
}
defm X : M;
def : C<3> {
  let L = [A];
}
