def A {
  string s = !foldl("", !range(100000), acc, x, !strconcat(acc, "x"));
}
