// !head of an empty list.
def A {
  int x = !head([]<int>);
}
