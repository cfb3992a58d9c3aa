// Anonymous defs (def : ...) are named anonymous_N from one counter.
class C<int n> {
  int N = n;
}
def : C<1>;
def : C<2>;
def Named : C<3>;
def : C<4> {
  int extra = 5;
}
def;
