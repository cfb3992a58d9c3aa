// A class reached through two superclasses is an error.
class A {
  int a = 1;
}
class B : A;
class C : A;
def Diamond : B, C;
