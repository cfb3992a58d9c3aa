// .field access on records, on template arguments, chained, and on Class<args> values.
class Point<int x, int y> {
  int X = x;
  int Y = y;
}
def Origin : Point<0, 0>;
def P : Point<3, 4>;

class Line<Point a, Point b> {
  int DX = !sub(b.X, a.X);
  int DY = !sub(b.Y, a.Y);
  Point Start = a;
}
def L : Line<Origin, P>;

def Chains {
  int ly = L.Start.Y;
  int px = P.X;
  int anon = Point<5, 6>.Y;
  list<int> xs = [Origin.X, P.X];
}
