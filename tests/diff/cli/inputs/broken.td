def A {
  int x = ;
}
