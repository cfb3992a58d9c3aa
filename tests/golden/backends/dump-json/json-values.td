// ARGS: --dump-json
// Every kind of value --dump-json distinguishes, the keys it adds, and its string escapes.
class Base;
class Intermediate : Base;
class Derived : Intermediate;
class Unused;

def D : Intermediate;
def ExampleDagOp;

class Variables {
  int i;
  string s;
  bit b;
  bits<8> bs;
  code c;
  list<int> li;
  Base base;
  dag d;
}

def VarNull : Variables;

def VarPrim : Variables {
  let i = 3;
  int enormous_pos = 9123456789123456789;
  int enormous_neg = -9123456789123456789;
  int all_ones = 0xffffffffffffffff;
  let s = "tab\t nl\n quote\" backslash\\ raw eÃÅ √© badˇ‚Ç end";
  let b = 1;
  let bs = { 0, 0, 0, 1, 0, 1, 1, ? };
  let c = [{ code "with" \ and	TAB }];
  let li = [1, 2, 3];
  list<list<string>> lls = [["a"], [], ["b", "c"]];
}

def VarObj : Variables {
  let base = D;
  let d = (ExampleDagOp:$op 22, "hello":$foo, ?:$bar, (ExampleDagOp), [1, 2]);
  int undef_int;
  field int ref_int = undef_int;
  bits<2> undef_bits;
  bits<4> ref_bits;
  let ref_bits{3...2} = 0b10;
  let ref_bits{1...0} = undef_bits{1...0};
  field int complex_ref_int = !add(undef_int, 2);
  field string complex_str = !strconcat(s, "x");
  field list<int> ref_list = li;
}

def { int AnonTestField = 2; }

multiclass Inner<int base> {
  def _plus_one : Derived { int AnonTestField = !add(base, 1); }
  def { int AnonTestField = !add(base, 2); }
}
multiclass Outer<int base> {
  defm _in : Inner<base>;
}
defm NamedDefm : Outer<10>;
defm : Inner<20>;

// Names that sort around and onto the keys JSONBackend adds.
def !strconcat("!", "instanceof") : Base;
def !strconcat("!tablegen", "_json_version") { int x = 1; }
def !strconcat("!a", "") : Base;
def !strconcat(" ", "space");
def "";
def !strconcat("!z", "") : Base;
