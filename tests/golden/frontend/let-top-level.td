// Top-level let: one or several bindings, nested lets, a let around a single def, and bit ranges.
class C {
  int a = 0;
  int b = 0;
  bits<8> flags = 0;
  string s = "class";
}

let a = 1 in
def OneDef : C;

let a = 2, b = 3 in {
  def Both1 : C;
  def Both2 : C;
}

let a = 4 in {
  let b = 5 in {
    def Nested : C;
    // The innermost let wins.
    let a = 6 in
    def Innermost : C;
  }
  def OnlyOuter : C;
}

// A body's own let wins over an enclosing top-level let of the same field.
let s = "top" in
def BodyAndTop : C {
  let s = "body";
}

// Bit ranges in a top-level let are written between angle brackets, not braces.
let flags<3-0> = 0b1010 in
def LowBits : C;

let flags<7> = 1, flags<0> = 1 in
def SingleBits : C;

let flags<4-7> = 0b0011 in
def ReversedRange : C;

let flags<1, 3, 5> = 0b111 in
def BitList : C;

// Top-level lets apply to defms too.
multiclass M {
  def _x : C;
}
let b = 9 in
defm MM : M;
