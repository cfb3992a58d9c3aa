// A small model of llvm/Option/OptParser.td: what -gen-opt-docs reads of options and groups.
class OptionKind<string name> { string Name = name; }
def KIND_FLAG : OptionKind<"Flag">;
def KIND_INPUT : OptionKind<"Input">;
def KIND_UNKNOWN : OptionKind<"Unknown">;
def KIND_JOINED : OptionKind<"Joined">;
def KIND_SEPARATE : OptionKind<"Separate">;
def KIND_COMMAJOINED : OptionKind<"CommaJoined">;
def KIND_MULTIARG : OptionKind<"MultiArg">;
def KIND_JOINED_OR_SEPARATE : OptionKind<"JoinedOrSeparate">;
def KIND_JOINED_AND_SEPARATE : OptionKind<"JoinedAndSeparate">;
def KIND_REMAINING_ARGS : OptionKind<"RemainingArgs">;
class OptionFlag;
class OptionVisibility;
def HelpHidden : OptionFlag;
def Ignored : OptionFlag;
def DefaultVis : OptionVisibility;
def CC1Option : OptionVisibility;
class OptionGroup<string name> {
  string EnumName = ?;
  string Name = name;
  string HelpText = ?;
  OptionGroup Group = ?;
  list<OptionFlag> Flags = [];
  list<OptionVisibility> Visibility = [];
}
class HelpTextForVariants<list<OptionVisibility> visibilities, string text> {
  list<OptionVisibility> Visibilities = visibilities;
  string Text = text;
}
class Option<list<string> prefixes, string name, OptionKind kind> {
  list<string> Prefixes = prefixes;
  string Name = name;
  OptionKind Kind = kind;
  int NumArgs = 0;
  string HelpText = ?;
  list<HelpTextForVariants> HelpTextsForVariants = [];
  string MetaVarName = ?;
  string Values = ?;
  list<OptionFlag> Flags = [];
  list<OptionVisibility> Visibility = [DefaultVis];
  OptionGroup Group = ?;
  Option Alias = ?;
  list<string> AliasArgs = [];
}
class Flag<list<string> prefixes, string name> : Option<prefixes, name, KIND_FLAG>;
class Joined<list<string> prefixes, string name> : Option<prefixes, name, KIND_JOINED>;
class Separate<list<string> prefixes, string name> : Option<prefixes, name, KIND_SEPARATE>;
class CommaJoined<list<string> prefixes, string name> : Option<prefixes, name, KIND_COMMAJOINED>;
class MultiArg<list<string> prefixes, string name, int numargs> : Option<prefixes, name, KIND_MULTIARG> {
  int NumArgs = numargs;
}
class JoinedOrSeparate<list<string> prefixes, string name> : Option<prefixes, name, KIND_JOINED_OR_SEPARATE>;
class JoinedAndSeparate<list<string> prefixes, string name> : Option<prefixes, name, KIND_JOINED_AND_SEPARATE>;
class RemainingArgs<list<string> prefixes, string name> : Option<prefixes, name, KIND_REMAINING_ARGS>;
