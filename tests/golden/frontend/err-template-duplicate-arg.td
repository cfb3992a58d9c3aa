// Two template arguments with the same name.
class C<int a, int a> {
  int A = a;
}
