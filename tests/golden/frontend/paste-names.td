// Paste in names: with foreach iterators, template arguments, defvars in values, and defm.
class R<string s> {
  string S = s;
}
multiclass M<string suffix> {
  def _#suffix : R<NAME # suffix>;
  def NAME#suffix#_x : R<suffix>;
}
foreach i = [1, 2] in {
  defm X#i : M<"s" # i>;
  def Y#i#z : R<"y" # i>;
}
defvar v = "V";
def Z : R<v # v>;
def !strconcat("Bang", "Name") : R<"bang">;
def !cast<string>(!add(1, 2)) # _num : R<"num">;
