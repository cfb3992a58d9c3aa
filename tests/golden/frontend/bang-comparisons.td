// Comparison bang operators: !eq, !ne, !lt, !le, !gt, !ge on ints, strings, bits, bits and records.
class C;
def R1 : C;
def R2 : C;
def Compare {
  bit eqInt = !eq(1, 1);
  bit eqIntFalse = !eq(1, 2);
  bit eqStr = !eq("a", "a");
  bit eqStrFalse = !eq("a", "b");
  bit eqBits = !eq(0b101, 5);
  bit eqBit = !eq(!eq(1, 1), 1);
  bit eqRec = !eq(R1, R1);
  bit eqRecFalse = !eq(R1, R2);
  bit ne = !ne(1, 2);
  bit neStr = !ne("x", "x");
  bit lt = !lt(1, 2);
  bit ltNeg = !lt(-1, 0);
  bit ltStr = !lt("abc", "abd");
  bit le = !le(2, 2);
  bit leStr = !le("b", "a");
  bit gt = !gt(3, 2);
  bit gtStr = !gt("b", "a");
  bit ge = !ge(2, 3);
  bit geStr = !ge("a", "a");
}
