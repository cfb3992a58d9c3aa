// ARGS: --gen-ctags -I inc
// Every class (with its forward declarations), def and anonymous def, sorted by name, file, line.
include "ctags-inc.td"
class Fwd;
class B;
class Fwd {
  int x = 1;
}
def b10 : B;
def b9 : B;
def : B;
multiclass M {
  def _a : B;
  def _b : B;
}
defm mm : M;
defm : M;
def Zed;
def Fwd2 : Fwd;
