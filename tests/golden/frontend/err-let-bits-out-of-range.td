// A let of bits past the field's width.
class C {
  bits<4> b = 0;
}
def A : C {
  let b{7-4} = 0b1111;
}
