// !cast<string> of a list.
def A {
  string s = !cast<string>([1, 2]);
}
