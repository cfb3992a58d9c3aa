defvar s = !foldl("a", !range(10), acc, i, acc # acc);
def A {
  string t = !subst("a", s, s);
}
