// The last line has no newline, and the error is on it.
def A { int x = "s"; }