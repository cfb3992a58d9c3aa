def ops;
def A {
  dag d = !foldl((ops 1), !range(64), acc, i, !con(acc, acc));
}
