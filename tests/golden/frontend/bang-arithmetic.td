// Arithmetic bang operators: !add, !sub, !mul, !div (truncating), !logtwo, with several
// operands, negatives, bits operands, and 64-bit wrap-around.
def Arith {
  int add = !add(1, 2);
  int addMany = !add(1, 2, 3, 4);
  int addNeg = !add(-5, 3);
  int sub = !sub(10, 3);
  int subNeg = !sub(3, 10);
  int mul = !mul(6, 7);
  int mulMany = !mul(2, 3, 4);
  int mulNeg = !mul(-3, 4);
  int div = !div(7, 2);
  int divNeg = !div(-7, 2);
  int divNegDivisor = !div(7, -2);
  int logtwo1 = !logtwo(1);
  int logtwo8 = !logtwo(8);
  int logtwo9 = !logtwo(9);
  int wrap = !add(9223372036854775807, 1);
  int mulWrap = !mul(4611686018427387904, 4);
  int ofBits = !add({ 1, 0 }, 0b11);
  int ofBit = !add(1, !eq(1, 1));
  int nested = !add(!mul(2, 3), !sub(10, !div(8, 2)));
}

// In a class, an operator on a template argument stays unevaluated until the def.
class C<int n> {
  int Twice = !mul(n, 2);
}
def FromClass : C<21>;
