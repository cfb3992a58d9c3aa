// The paste operator # in names and values, with its odd rules.
class R<string s> {
  string S = s;
}
defvar pre = "Pre";

// In def names, identifiers paste as their own text, even one naming a global defvar.
def A#B;
def Num#1#2;
def pre#Fix;
def Undefined#Name;
def Fix#pre;

// Trailing and leading pastes in def names.
def Trail#"";
def ""#Lead;

// In values: strings, ints, and identifiers. The right operand of # is parsed as a name: a global
// defvar there pastes as its own text, while the left one is its value.
def Values : R<"a" # "b"> {
  string intPaste = "n" # 42;
  string varPaste = pre # "_" # pre;
  string twoInts = 1 # 2;
  string withBits = "x" # 0b11;
  list<int> listPaste = [1, 2] # [3];
  list<string> strListPaste = ["a"] # ["b", "c"];
  string fld = "f";
  string fieldPaste = "fld:" # fld;
  string undefinedPaste = "u:" # Nowhere;
}

// In a foreach, the iterator is a variable: it is substituted, other names are not.
foreach i = [1, 2] in
def Loop#i#x;

// In a multiclass, NAME pastes.
multiclass M {
  def NAME#Mid#NAME : R<NAME # "!">;
}
defm Q : M;
