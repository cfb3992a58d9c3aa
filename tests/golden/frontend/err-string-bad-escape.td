// Only \\ \' \" \t and \n are escapes; anything else after a backslash is an error.
def A {
  string s = "caf\xc3";
}
