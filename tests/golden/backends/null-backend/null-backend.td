// ARGS: --null-backend
// Evaluates, writes nothing.
class A<int x> { int y = x; }
def a : A<1>;
