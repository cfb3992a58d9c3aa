// Explicit defs named like anonymous ones: the anonymous counter skips taken names.
class C;
def anonymous_1;
def : C;
def : C;
def : C;
def anonymous_5 {
  int explicit = 1;
}
def : C;
