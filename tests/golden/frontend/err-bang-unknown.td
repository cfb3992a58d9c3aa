// !initialized came after LLVM 19: llvm-tblgen 19 does not know it.
def A {
  int x = 1;
  bit i = !initialized(x);
}
