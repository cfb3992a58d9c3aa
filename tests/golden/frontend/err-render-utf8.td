// A source line with non-ASCII text is quoted without a caret line; the column counts bytes.
def A { string s = "héllo ✓"; int x = "s"; }
