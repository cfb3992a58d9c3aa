// Superclass lists: indirect superclasses and the order the header comment lists them in.
// Inheriting a class twice, even through a diamond, is an error (err-inheritance-diamond.td).
class A {
  int a = 1;
}
class B : A {
  let a = 2;
  int b = 2;
}
class C : A {
  let a = 3;
  int c = 3;
}
class D {
  int d = 4;
}
def BD : B, D;
def DB : D, B;

class Leaf : B;
def Deep : Leaf, D;
class Leaf2 : Leaf, D;
def Deeper : Leaf2;
