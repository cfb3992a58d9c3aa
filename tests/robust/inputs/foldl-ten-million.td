defvar l = !range(10000000);
def X { int n = !foldl(0, l, acc, x, !add(acc, x)); }
