// !cond where no condition is true.
def A {
  int x = !cond(0 : 1, !eq(1, 2) : 2);
}
