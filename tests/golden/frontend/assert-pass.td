// Passing asserts at top level, in classes, in defs and in multiclasses print nothing.
assert 1, "top-level assert";
assert !eq(!add(1, 1), 2), "arithmetic works";

class C<int n> {
  assert !gt(n, 0), "n must be positive";
  int N = n;
}
def A : C<1>;

def B {
  int x = 3;
  assert !eq(x, 3), "x is 3";
}

multiclass M<int n> {
  assert !lt(n, 10), "n < 10";
  def _d : C<n>;
}
defm MM : M<5>;
