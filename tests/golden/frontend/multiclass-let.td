// let inside multiclasses, and top-level lets around defm, against the multiclass's own lets.
class C {
  int a = 0;
  int b = 0;
  string s = "";
}
multiclass M<int n> {
  let a = n in {
    def _x : C;
    def _y : C {
      let b = 1;
    }
  }
  let s = "inner" in
  def _z : C;
}
defm P : M<5>;

let s = "outer", b = 9 in
defm Q : M<6>;

// The enclosing let wins over a let in the multiclass body for the same field.
let a = 100 in
defm R : M<7>;
