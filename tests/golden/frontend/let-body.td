// let inside record bodies: overriding inherited fields, bit ranges, and lets in classes.
class C {
  int a = 0;
  bits<8> flags = 0;
  bits<4> nibble = ?;
  list<int> l = [];
}

def Overrides : C {
  let a = 5;
  let l = [1, 2];
}

def Ranges : C {
  let flags{3-0} = 0b1111;
  let flags{7-6} = 0b10;
  let nibble{0} = 1;
}

def RangeList : C {
  let flags{0, 2, 4} = 0b111;
}

// A class may let the fields of its superclass; subclasses see that value.
class D : C {
  let a = 42;
  let flags{7} = 1;
}
def FromD : D;

// The field keyword declares a field that is printed first.
class F {
  int plain = 1;
  field int declared = 2;
}
def FromF : F;
