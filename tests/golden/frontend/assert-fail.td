// Failing asserts report an error, then parsing goes on; the run fails at the end.
assert 0, "top-level assert fails";

class C<int n> {
  assert !gt(n, 0), "n must be positive, got " # n;
  int N = n;
}
def Good : C<1>;
def Bad : C<0>;

multiclass M<int n> {
  assert !lt(n, 10), "multiclass argument too large: " # n;
  def _d : C<n>;
}
defm Large : M<50>;
