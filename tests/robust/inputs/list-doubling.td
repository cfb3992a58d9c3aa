def A {
  list<int> l = !foldl([0], !range(64), acc, i, !listconcat(acc, acc));
}
