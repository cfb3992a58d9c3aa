// defset collects the records defined inside it into a global list, including those of defm and
// foreach, and nested defsets.
class R<int v> {
  int V = v;
}
multiclass M {
  def _a : R<10>;
  def _b : R<11>;
}

defset list<R> All = {
  def A : R<1>;
  defset list<R> Inner = {
    def B : R<2>;
    foreach i = 0-1 in
    def C#i : R<i>;
  }
  defm D : M;
}

defset list<R> Empty = {}

def Lists {
  list<R> all = All;
  list<R> inner = Inner;
  list<R> empty = Empty;
  int count = !size(All);
}
