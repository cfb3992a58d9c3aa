// A top-level let takes a bit range between <>, not {} as a body let does.
class C {
  bits<8> flags = 0;
}
let flags{3-0} = 0b1010 in
def LowBits : C;
