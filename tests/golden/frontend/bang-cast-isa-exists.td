// !cast, !isa and !exists: between ints, strings, bits and records, and record lookup by name.
class Base;
class Derived : Base;
class Other;
def D : Derived;
def O : Other;
def Rec#5 : Derived;

def Casts {
  string intToString = !cast<string>(42);
  string negToString = !cast<string>(-3);
  string bitsToString = !cast<string>(0b101);
  string recToString = !cast<string>(D);
  int bitsToInt = !cast<int>({ 1, 1 });
  bits<4> intToBits = !cast<bits<4>>(5);
  bit intToBit = !cast<bit>(1);
  Base byName = !cast<Base>("D");
  Derived byBuiltName = !cast<Derived>("Rec" # 5);
  Base upcast = !cast<Base>(D);
  string stringToString = !cast<string>("s");

  bit isaDerived = !isa<Derived>(D);
  bit isaBase = !isa<Base>(D);
  bit isaOther = !isa<Other>(D);
  bit isaInt = !isa<int>(5);
  bit isaString = !isa<string>(5);

  bit existsD = !exists<Derived>("D");
  bit existsWrongClass = !exists<Other>("D");
  bit existsMissing = !exists<Base>("Missing");
  bit existsSelf = !exists<Base>("Casts");
}

// In a class, !cast of a name built from a template argument resolves per def.
class Lookup<string name> {
  Base Found = !cast<Base>(name);
  bit Exists = !exists<Base>(name);
}
def L : Lookup<"D">;
