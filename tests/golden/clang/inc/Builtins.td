// A small model of clang's BuiltinsBase.td: the classes of every release's builtins.
class Attribute<string mangling> {
  string Mangling = mangling;
}
class IndexedAttribute<string baseMangling, int I> : Attribute<baseMangling> {
  int Index = I;
}
class MultiIndexAttribute<string baseMangling, list<int> Is> : Attribute<baseMangling> {
  list<int> Indices = Is;
}
def NoThrow : Attribute<"n">;
def Const : Attribute<"c">;
class PrintfFormat<int I> : IndexedAttribute<"p", I>;
class Callback<list<int> ArgIndices> : MultiIndexAttribute<"C", ArgIndices>;

class NamePrefix<string spelling> {
  string Spelling = spelling;
}

class DocumentationCategory<string name> {
  string Name = name;
  code Content = [{}];
}
def DocCatUndocumented : DocumentationCategory<"Undocumented"> {
  let Content = [{
Builtins without documentation.
}];
}
def DocCatInternalOnly : DocumentationCategory<"InternalOnly">;
class Documentation {
  DocumentationCategory Category;
  code Content = [{}];
  string Heading = "";
}
def InternalOnly : Documentation { let Category = DocCatInternalOnly; }
def Undocumented : Documentation {
  let Category = DocCatUndocumented;
  let Content = [{No documentation.}];
}

class Builtin {
  list<string> Spellings;
  list<Attribute> Attributes = [];
  string Prototype;
  string Namespace;
  bit RequiresUndef = 0;
  bit EnableOpenCLLong = 0;
  NamePrefix RequiredNamePrefix;
  list<Documentation> Documentation = [Undocumented];
  list<string> ArgNames = [];
}
class CustomEntry {
  string Entry;
}
class AtomicBuiltin : Builtin;
class LibBuiltin<string header, string languages = "ALL_LANGUAGES"> : Builtin {
  string Header = header;
  string Languages = languages;
  bit AddBuiltinPrefixedAlias = 0;
  bit OnlyBuiltinPrefixedAliasIsConstexpr = 0;
}
class LangBuiltin<string languages> : Builtin {
  string Languages = languages;
}
class TargetBuiltin : Builtin {
  string Features = "";
}
class TargetLibBuiltin : TargetBuiltin {
  string Header;
  string Languages = "ALL_LANGUAGES";
}
class Template<list<string> substitutions, list<string> affixes, bit as_prefix = 0> {
  list<string> Substitutions = substitutions;
  list<string> Affixes = affixes;
  bit AsPrefix = as_prefix;
}
