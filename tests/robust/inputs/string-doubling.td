def A {
  string s = !foldl("ab", !range(64), acc, i, acc # acc);
}
