// Positional template arguments cannot follow named ones.
class C<int a, int b> {
  int A = a;
  int B = b;
}
def X : C<a = 1, 2>;
