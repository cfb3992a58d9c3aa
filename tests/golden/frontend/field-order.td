// Field order: superclass fields first, in inheritance order; unset values print as ?.
class A {
  int a1 = 1;
  int a2;
}
class B {
  string b1;
  int a1 = 10;
}
class C : A, B {
  bits<2> c1;
  list<int> c2;
  dag c3;
  A c4;
  code c5;
}
def X : C {
  int x = 0;
  let a2 = 2;
}
// Fields set to ? explicitly, and a def that sets only some fields.
def Y : C {
  let a1 = ?;
  let c1 = { 1, ? };
}
// Fields declared with `field` print first.
class F : A {
  field int f1 = 5;
  int late = 6;
  field string f2;
}
def Z : F;
