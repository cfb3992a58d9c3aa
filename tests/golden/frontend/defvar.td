// defvar: global, in a record body, in a multiclass, and in a foreach loop.
defvar global = 10;
defvar name = "Global";
defvar list_var = [1, 2, 3];

class C<int x> {
  defvar doubled = !mul(x, 2);
  int Doubled = doubled;
}

def UsesGlobal {
  int g = global;
  defvar local = !add(global, 1);
  int l = local;
  list<int> lv = list_var;
}

def ClassVar : C<21>;

def name#_Pasted;

multiclass M<int n> {
  defvar twice = !mul(n, 2);
  def _m : C<twice>;
}
defm MC : M<4>;

foreach i = 0-1 in {
  defvar sq = !mul(i, i);
  def Loop#i {
    int square = sq;
  }
}

// A defvar of a record and one used in a later defvar.
defvar rec = UsesGlobal;
defvar fromRec = rec.g;
def UsesRec {
  int v = fromRec;
}
