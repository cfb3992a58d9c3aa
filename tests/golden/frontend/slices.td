// Bit slices x{...} and list slices l[...]: single elements, ranges in both directions, lists.
def BitSlices {
  bits<8> b = 0b10110010;
  bits<4> low = b{3-0};
  bits<4> high = b{7-4};
  bits<4> reversed = b{0-3};
  bits<3> picked = b{7, 0, 1};
  bit one = b{1};
  bits<2> dots = b{1...2};
  bits<4> ofInt = !cast<int>(0x5A){3-0};
  bits<3> ofLiteral = { 1, 0, 1 }{2-0};
}

def ListSlices {
  list<int> l = [10, 11, 12, 13, 14];
  int first = l[0];
  int last = l[4];
  list<int> range = l[1-3];
  list<int> dots = l[1...3];
  list<int> picked = l[4, 0];
  list<int> mixed = l[0, 2-3];
  list<int> one = l[2,];
  list<string> strs = ["a", "b", "c"][1-2];
  list<list<int>> nested = [[1, 2], [3]];
  int deep = nested[0][1];
}
