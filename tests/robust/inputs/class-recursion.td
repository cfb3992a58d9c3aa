class C<int n> {
  int depth = n;
  int next = !if(!gt(n, 0), C<!add(n, 1)>.depth, 0);
}
def D : C<1>;
