// def: records with bodies, several superclasses, overriding fields, forward declarations.
class Base {
  int a = 1;
  string s = "base";
}
class Other {
  int b = 2;
  int a = 10;
}

def Empty;
def EmptyBody {}
def JustBase : Base;
def TwoSupers : Base, Other;
def Overrides : Base {
  let a = 100;
  int c = 3;
}
def RedeclaresSameType : Base {
  int a = 5;
}

// A class declared before it is defined.
class Later;
class Later {
  int defined = 1;
}
def UsesLater : Later;

// A def may refer to an earlier def.
def Refers {
  Base r = JustBase;
  int ra = JustBase.a;
}
