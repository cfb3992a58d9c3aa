// The classes of --gen-searchable-tables, with the fields LLVM's
// include/llvm/TableGen/SearchableTable.td gives them.
class GenericEnum {
  string FilterClass;
  string NameField;
  string ValueField;
}

class GenericTable {
  string FilterClass;
  string FilterClassField = ?;
  string CppTypeName = FilterClass;
  list<string> Fields;
  list<string> PrimaryKey;
  string PrimaryKeyName;
  bit PrimaryKeyEarlyOut = false;
  bit PrimaryKeyReturnRange = false;
}

class SearchIndex {
  GenericTable Table;
  list<string> Key;
  bit EarlyOut = false;
}

class SearchableTable {
  list<string> SearchableFields;
  string EnumNameField = "Name";
  string EnumValueField;
}
