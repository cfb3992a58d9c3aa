// Class template arguments: positional, defaults, defaults built from earlier arguments, and
// named arguments (name = value) after positional ones.
class Shape<string name, int sides = 4, int corners = sides, bit filled = 0> {
  string Name = name;
  int Sides = sides;
  int Corners = corners;
  bit Filled = filled;
}

def Square : Shape<"square">;
def Triangle : Shape<"triangle", 3>;
def FilledPentagon : Shape<"pentagon", 5, 5, 1>;
def Named : Shape<"named", filled = 1>;
def AllNamed : Shape<name = "all", corners = 0, sides = 2>;
def Mixed : Shape<"mixed", 6, filled = 1>;

// Template arguments of a class passed on to its superclass.
class Polygon<int n> : Shape<"polygon", n>;
def Hexagon : Polygon<6>;

// A class with no body and arguments used only to pick a superclass's arguments.
class Wrapper<Shape s> {
  Shape Inner = s;
  int InnerSides = s.Sides;
}
def Wrapped : Wrapper<Triangle>;
