// A file with CRLF line endings: diagnostics quote lines without the carriage return.
def A {
  int x = "s";
}
