// !cast to a record type of a name that is not a def.
class C;
def A {
  C r = !cast<C>("Nothing");
}
