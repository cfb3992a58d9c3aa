// A small model of clang's Diagnostic.td: the classes clang-tblgen's diagnostics backends read.

class Severity<string N> { string Name = N; }
def SEV_Ignored : Severity<"Ignored">;
def SEV_Remark : Severity<"Remark">;
def SEV_Warning : Severity<"Warning">;
def SEV_Error : Severity<"Error">;
def SEV_Fatal : Severity<"Fatal">;

class DiagClass;
def CLASS_NOTE : DiagClass;
def CLASS_REMARK : DiagClass;
def CLASS_WARNING : DiagClass;
def CLASS_EXTENSION : DiagClass;
def CLASS_ERROR : DiagClass;

class SFINAEResponse;
def SFINAE_SubstitutionFailure : SFINAEResponse;
def SFINAE_Suppress : SFINAEResponse;
def SFINAE_Report : SFINAEResponse;

class TextSubstitution<string Text> {
  string Substitution = Text;
  string Component = "";
  string CategoryName = "";
  bit Deferrable = 0;
}

class DiagCategory<string Name> { string CategoryName = Name; }

class DiagGroup<string Name, list<DiagGroup> subgroups = []> {
  string GroupName = Name;
  list<DiagGroup> SubGroups = subgroups;
  string CategoryName = "";
  code Documentation = [{}];
}
class InGroup<DiagGroup G> { DiagGroup Group = G; }

class Diagnostic<string summary, DiagClass DC, Severity defaultmapping> {
  string Component = ?;
  string Summary = summary;
  DiagClass Class = DC;
  SFINAEResponse SFINAE = SFINAE_Suppress;
  bit AccessControl = 0;
  bit WarningNoWerror = 0;
  bit ShowInSystemHeader = 0;
  bit ShowInSystemMacro = 1;
  bit Deferrable = 0;
  Severity DefaultSeverity = defaultmapping;
  DiagGroup Group;
  string CategoryName = "";
  string StableId = "";
  list<string> LegacyStableIds = [];
}

class SFINAEFailure { SFINAEResponse SFINAE = SFINAE_SubstitutionFailure; }
class ShowInSystemHeader { bit ShowInSystemHeader = 1; }
class DefaultIgnore { Severity DefaultSeverity = SEV_Ignored; }
class DefaultWarn { Severity DefaultSeverity = SEV_Warning; }
class DefaultError { Severity DefaultSeverity = SEV_Error; }
class DefaultRemark { Severity DefaultSeverity = SEV_Remark; }
class DefaultWarnNoWerror { bit WarningNoWerror = 1; }
class Deferrable { bit Deferrable = 1; }
class StableId<string id> { string StableId = id; }
class LegacyStableIds<list<string> ids> { list<string> LegacyStableIds = ids; }

class Error<string str> : Diagnostic<str, CLASS_ERROR, SEV_Error>, SFINAEFailure {
  bit ShowInSystemHeader = 1;
}
class Warning<string str> : Diagnostic<str, CLASS_WARNING, SEV_Warning>;
class Remark<string str> : Diagnostic<str, CLASS_REMARK, SEV_Ignored>;
class Extension<string str> : Diagnostic<str, CLASS_EXTENSION, SEV_Ignored>;
class ExtWarn<string str> : Diagnostic<str, CLASS_EXTENSION, SEV_Warning>;
class Note<string str> : Diagnostic<str, CLASS_NOTE, SEV_Fatal>;

class Documentation { string Intro; }

class CompatWarningId<string name, int std, string diag, string diag_pre> {
  string Component = ?;
  string Name = name;
  string Diag = diag;
  string DiagPre = diag_pre;
  int Std = std;
}
