// !cond and !if: the first true condition wins; conditions and branches of several types.
class Size<int n> {
  string Name = !cond(!lt(n, 8) : "small",
                      !lt(n, 64) : "medium",
                      true : "large");
  int Half = !if(!eq(!and(n, 1), 0), !div(n, 2), -1);
}
def S4 : Size<4>;
def S32 : Size<32>;
def S100 : Size<100>;
def S7 : Size<7>;

def Ifs {
  int ifTrue = !if(1, 10, 20);
  int ifFalse = !if(0, 10, 20);
  string ifStr = !if(!eq("a", "b"), "same", "different");
  list<int> ifList = !if(1, [1], []);
  int condInt = !cond(0 : 1, 2 : 3);
  bit trueKeyword = true;
  bit falseKeyword = false;
}
