def ops;
def A {
  dag d = !foldl((ops), !range(100000), acc, i, (ops acc));
}
