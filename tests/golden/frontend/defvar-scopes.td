// defvar scopes: a loop or multiclass variable shadows nothing, a body defvar may reuse a name
// from an enclosing loop scope's sibling, and inner scopes see outer ones.
defvar outer = 1;
foreach i = [1, 2] in {
  defvar a = !add(outer, i);
  foreach j = [10] in {
    defvar b = !add(a, j);
    def D#i#_#j {
      int B = b;
    }
  }
}
foreach i = [3] in {
  defvar a = "reused in a sibling scope";
  def E#i {
    string A = a;
  }
}
multiclass M<int n> {
  defvar m = !mul(n, outer);
  foreach k = [0, 1] in {
    defvar mk = !add(m, k);
    def _#k {
      int MK = mk;
    }
  }
}
defm MM : M<7>;
