// ARGS: --print-enums
// Without --class, the class '' is looked up and is not found.
class A;
def a : A;
