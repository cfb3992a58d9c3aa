// .field of a field the record does not have.
def R {
  int x = 1;
}
def A {
  int y = R.nope;
}
