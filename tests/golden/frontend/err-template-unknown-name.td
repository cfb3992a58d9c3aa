// A named template argument that the class does not have.
class C<int a> {
  int A = a;
}
def X : C<z = 1>;
