// ARGS: --gen-searchable-tables -I inc
// GenericTable: rows sorted by every field, then by the primary key; a contiguous primary key gets a direct lookup.
include "SearchableTable.td"

class Kind;
def KA : Kind; def KB : Kind; def KC : Kind;
def Kinds : GenericEnum { let FilterClass = "Kind"; }
class Entry<bits<8> enc, string name, bit flag, Kind k, string c> {
  bits<8> Encoding = enc;
  string Name = name;
  bit Flag = flag;
  Kind K = k;
  string Code = c;
  bit Keep = 1;
}
def E0 : Entry<3, "zeta", 1, KB, "foo()">;
def E1 : Entry<1, "Alpha", 0, KA, "bar(1)">;
def E2 : Entry<2, "beta", 1, KC, "baz">;
let Keep = 0 in def E3 : Entry<9, "gone", 0, KA, "no">;
def EntryTable : GenericTable {
  let FilterClass = "Entry";
  let FilterClassField = "Keep";
  let CppTypeName = "EntryInfo";
  let Fields = ["Encoding", "Name", "Flag", "K", "Code"];
  string TypeOf_K = "Kinds";
  string TypeOf_Code = "code";
  let PrimaryKey = ["Encoding"];
  let PrimaryKeyName = "lookupByEncoding";
}
def lookupByName : SearchIndex { let Table = EntryTable; let Key = ["Name"]; }
def lookupByKind : SearchIndex { let Table = EntryTable; let Key = ["K"]; }
def lookupByFlagAndKind : SearchIndex { let Table = EntryTable; let Key = ["Flag", "K"]; }
def lookupByFlagEarly : SearchIndex { let Table = EntryTable; let Key = ["Flag", "Name"]; let EarlyOut = 1; }
