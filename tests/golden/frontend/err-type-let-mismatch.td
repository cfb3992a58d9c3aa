// A let giving a field a value of another type.
class C {
  int x = 0;
}
def A : C {
  let x = "s";
}
