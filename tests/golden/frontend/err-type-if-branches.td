// !if whose branches have no common type.
def A {
  int x = !if(1, 5, "five");
}
