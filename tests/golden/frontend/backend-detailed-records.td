// ARGS: --print-detailed-records
// The detailed-records backend: global variables, classes with template arguments, locations.
defvar g = 5;
class C<int n> {
  int N = n;
}
def A : C<1>;
multiclass M {
  def _m : C<2>;
}
defm X : M;
