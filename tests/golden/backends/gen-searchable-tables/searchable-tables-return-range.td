// ARGS: --gen-searchable-tables -I inc
// GenericTable: a primary key returning the range of equal rows.
include "SearchableTable.td"

class R<bits<4> k, bits<4> v> { bits<4> Key = k; bits<4> Val = v; }
def R1 : R<1, 2>; def R2 : R<1, 3>; def R3 : R<4, 1>;
def RTable : GenericTable {
  let FilterClass = "R";
  let Fields = ["Key", "Val"];
  let PrimaryKey = ["Key"];
  let PrimaryKeyName = "lookupR";
  let PrimaryKeyReturnRange = true;
}
