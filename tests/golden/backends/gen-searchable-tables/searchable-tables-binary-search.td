// ARGS: --gen-searchable-tables -I inc
// GenericTable: a sparse primary key gets a binary search, with early-out; a table without a primary key.
include "SearchableTable.td"

class Op<bits<16> v, bits<4> w, string n> { bits<16> Val = v; bits<4> Width = w; string Name = n; }
def O1 : Op<100, 2, "x">;
def O2 : Op<7, 2, "y">;
def O3 : Op<4000, 1, "z">;
def OpTable : GenericTable {
  let FilterClass = "Op";
  let Fields = ["Val", "Width", "Name"];
  let PrimaryKey = ["Val", "Width"];
  let PrimaryKeyName = "getOp";
  let PrimaryKeyEarlyOut = 1;
}
def Plain : GenericTable { let FilterClass = "Op"; let Fields = ["Name", "Width"]; }
def byWidth : SearchIndex { let Table = Plain; let Key = ["Width"]; }
