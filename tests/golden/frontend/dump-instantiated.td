// In llvm-tblgen 19, records made by instantiating a multiclass or a foreach body do not run the
// dumps of their classes or bodies (their asserts do run); plain defs do.
class C<int n> {
  dump "C<" # n # ">";
  assert !ge(n, 0), "C<" # n # "> is negative";
}
def Plain : C<1>;

multiclass M<int n> {
  def _fromClass : C<n>;
  def _ownBody {
    dump "body of " # NAME;
  }
}
defm MM : M<2>;

foreach i = [3, -4] in {
  def Loop#i : C<i>;
  def LoopBody#i {
    dump "loop body " # i;
  }
}
