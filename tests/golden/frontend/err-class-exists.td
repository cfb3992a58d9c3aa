// A class defined twice with bodies is an error.
class C {
  int x = 1;
}
class C {
  int x = 2;
}
