// Multiclass template argument defaults that use earlier arguments, and named arguments to defm.
class R<int v> {
  int V = v;
}
multiclass M<int a, int b = !mul(a, 2), string s = "s" # b> {
  def _r : R<!add(a, b)> {
    string S = s;
  }
}
defm P : M<1>;
defm Q : M<1, 5>;
defm N : M<1, s = "named">;
defm O : M<b = 3, a = 2>;
