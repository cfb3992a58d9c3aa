// More template arguments than the class has.
class C<int a> {
  int A = a;
}
def X : C<1, 2>;
