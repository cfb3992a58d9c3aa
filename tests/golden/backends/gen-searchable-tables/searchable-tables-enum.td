// ARGS: --gen-searchable-tables -I inc
// GenericEnum: names sorted and numbered, or named and valued by fields.
include "SearchableTable.td"

class Color<string n, int v> { string Name = n; int Value = v; }
def red : Color<"Red", 3>;
def blue : Color<"Blue", 1>;
def green10 : Color<"Green", 7>;
def green9 : Color<"Teal", 2>;
def ByName : GenericEnum { let FilterClass = "Color"; }
def Named : GenericEnum { let FilterClass = "Color"; let NameField = "Name"; }
def Valued : GenericEnum { let FilterClass = "Color"; let NameField = "Name"; let ValueField = "Value"; }
def ValuedByDefName : GenericEnum { let FilterClass = "Color"; let ValueField = "Value"; }
