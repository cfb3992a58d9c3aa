// ARGS: --print-enums --class A
// The defs of a class, sorted with numbers compared by value (LLVM's LessRecord).
class A;
class B : A;
def a10 : A; def a9 : B; def a09 : A; def a1b : A; def a12 : A; def a1 : A; def a : A;
def b0 : A; def B01 : A; def a001 : A; def a0 : A; def a00 : A; def x9y1 : A; def x9y01 : A;
def x10y0 : A; def a1_ : A; def a1Z : A; def notA;
