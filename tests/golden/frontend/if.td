// if/then/else at top level, in multiclasses, and nested in foreach.
class R<int v> {
  int V = v;
}

if 1 then
def Taken : R<1>;

if 0 then
def NotTaken : R<0>;

if 0 then {
  def Then : R<0>;
} else {
  def Else : R<0>;
}

if !eq("a", "a") then
def StringEq : R<1>;

foreach i = 0-3 in
  if !eq(!and(i, 1), 0) then
    def Even#i : R<i>;
  else
    def Odd#i : R<i>;

multiclass M<bit b> {
  if b then
  def _yes : R<1>;
  else
  def _no : R<0>;
}
defm T : M<1>;
defm F : M<0>;

// An int condition is true when non-zero.
if 7 then
def IntCond : R<7>;
