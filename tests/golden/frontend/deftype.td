// deftype names a type: simple types, lists (also of classes), and a deftype of a deftype.
deftype Int = int;
deftype IntList = list<Int>;
deftype Nibble = bits<4>;

class Rec;
deftype Recs = list<Rec>;

def R0 : Rec;

def Uses {
  Int i = 1;
  IntList l = [1, 2];
  Nibble n = 5;
  Recs rs = [R0];
}

class Args<IntList xs> {
  IntList Xs = xs;
}
def WithArgs : Args<[3]>;
