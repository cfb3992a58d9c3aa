// Redeclaring an inherited field with another type.
class C {
  int x = 0;
}
def A : C {
  string x = "s";
}
