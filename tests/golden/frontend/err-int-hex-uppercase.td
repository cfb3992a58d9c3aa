// The hexadecimal prefix is lowercase 0x only: 0XFF is an identifier.
def A {
  int hexUpper = 0XFF;
}
