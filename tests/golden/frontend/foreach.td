// foreach: ranges (a-b and a...b), lists of values, nesting, and foreach around several defs.
class R<int v> {
  int V = v;
}

foreach i = 0-2 in
def Range#i : R<i>;

foreach i = 5...7 in
def Dots#i : R<i>;

foreach i = [10, 20, 30] in
def List#i : R<i>;

foreach s = ["a", "b"] in
def Str_#s : R<0>;

foreach i = {0-1, 4} in
def Pieces#i : R<i>;

// A single integer is a one-element range.
foreach i = 9 in
def Single#i : R<i>;

foreach i = 3-1 in
def Down#i : R<i>;

foreach i = [1, 2] in
  foreach j = [3, 4] in
    def Nest#i#_#j : R<!mul(i, j)>;

foreach i = 0-1 in {
  def First#i : R<i>;
  def Second#i : R<!add(i, 100)>;
}

// A foreach over an empty list defines nothing (the list needs its type).
foreach i = []<int> in
def Never#i : R<i>;

// foreach inside a multiclass.
multiclass M<int n> {
  foreach i = 0-1 in
  def _#i : R<!add(n, i)>;
}
defm MC : M<50>;

// Range pieces cannot be negative (see err-foreach-negative-range.td); !range can.
foreach i = !range(-2, 1) in
def Neg#i : R<i>;
