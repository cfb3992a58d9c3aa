// List bang operators: !listconcat, !listsplat, !listremove, !size, !empty, !head, !tail, !range.
def Lists {
  list<int> concat = !listconcat([1, 2], [3], [], [4, 5]);
  list<string> splat = !listsplat("x", 3);
  list<int> splatZero = !listsplat(7, 0);
  list<list<int>> splatList = !listsplat([1], 2);
  list<int> remove = !listremove([1, 2, 3, 2, 1], [2]);
  list<int> removeMany = !listremove([1, 2, 3, 4], [1, 4, 9]);
  list<string> removeStr = !listremove(["a", "b"], ["a"]);
  int size = !size([1, 2, 3]);
  int sizeEmpty = !size([]<int>);
  bit empty = !empty([]<int>);
  bit notEmpty = !empty([0]);
  int head = !head([7, 8, 9]);
  list<int> tail = !tail([7, 8, 9]);
  list<int> tailOne = !tail([7]);
  list<int> range = !range(4);
  list<int> rangeFromTo = !range(2, 5);
  list<int> rangeStep = !range(0, 10, 3);
  list<int> rangeDown = !range(5, 0, -2);
  list<int> rangeEmpty = !range(3, 3);
  list<int> rangeOfList = !range(["a", "b", "c"]);
}
