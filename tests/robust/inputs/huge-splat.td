def A {
  list<int> l = !listsplat(0, 4000000000);
}
