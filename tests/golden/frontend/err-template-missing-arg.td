// A template argument with no default left out.
class C<int a, int b> {
  int A = a;
  int B = b;
}
def X : C<1>;
