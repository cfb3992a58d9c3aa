// ARGS: --gen-searchable-tables -I inc
// A class deriving only from SearchableTable: enum, table and one lookup per searchable field.
include "SearchableTable.td"

class SysReg<string name, bits<16> enc, bits<8> val> : SearchableTable {
  let SearchableFields = ["Name", "Encoding"];
  let EnumValueField = "Value";
  string Name = name;
  bits<16> Encoding = enc;
  bits<8> Value = val;
}
def : SysReg<"spsr", 0xc200, 5>;
def : SysReg<"elr", 0xc201, 3>;
def : SysReg<"Sp", 0x0010, 9>;
class NoEnum<bits<4> n> : SearchableTable {
  let SearchableFields = ["N"];
  let EnumNameField = ?;
  bits<4> N = n;
}
def : NoEnum<2>; def : NoEnum<3>;
class NotTable<bits<4> n> : NoEnum<n>;
