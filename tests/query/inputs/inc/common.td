// Included through -I inc.
class Base {
  string Namespace = "Small";
}
class Tagged {
  string Tag = "tagged";
}
class Unused {
  int Weight = 1;
}
