def A {
  list<list<int>> l = !foreach(i, !range(100000), !foreach(j, !range(100000), j));
}
