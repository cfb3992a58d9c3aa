def A {
  list<int> l = !range(1000000000);
}
