// A let in a multiclass that changes one bit of encodings that all differ.
class Enc<bits<4> op> {
  bits<8> Inst;
  bit H = 0;
  let Inst{7-4} = op;
  let Inst{3-1} = 0b101;
  let Inst{0} = H;
}
multiclass M<bits<4> op> {
  let H = 1 in
  def _lo : Enc<op>;
  def _hi : Enc<op>;
}
defm A : M<1>;
defm B : M<2>;
defm C : M<3>;
