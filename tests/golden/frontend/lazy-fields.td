// Fields that refer to other fields see the final values: a let in a subclass or def changes
// every field computed from the one it sets. (A field cannot name a later field of its own
// record: err-forward-field-reference.td.)
class Base {
  int a = 1;
  int b = !add(a, 10);
  string s = "a is " # a;
  list<int> l = [a, b];
}
class Sub : Base {
  let a = 2;
}
def FromBase : Base;
def FromSub : Sub;
def Override : Sub {
  let a = 3;
}
let a = 4 in
def TopLet : Base;
