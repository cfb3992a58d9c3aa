// A copy of clang's StaticAnalyzer/Checkers/CheckerBase.td without its comments.
class CmdLineOptionTypeEnum<bits<2> val> {
  bits<2> Type = val;
}
def Integer : CmdLineOptionTypeEnum<0>;
def String : CmdLineOptionTypeEnum<1>;
def Boolean : CmdLineOptionTypeEnum<2>;
class DevelopmentStageEnum<bits<1> val> {
  bits<1> Val = val;
}
def InAlpha : DevelopmentStageEnum<0>;
def Released : DevelopmentStageEnum<1>;
class HiddenEnum<bit val> {
  bit Val = val;
}
def DontHide : HiddenEnum<0>;
def Hide : HiddenEnum<1>;
class CmdLineOption<CmdLineOptionTypeEnum type, string cmdFlag, string desc,
                    string defaultVal, DevelopmentStageEnum stage,
                    HiddenEnum isHidden = DontHide> {
  bits<2> Type = type.Type;
  string  CmdFlag = cmdFlag;
  string  Desc = desc;
  string  DefaultVal = defaultVal;
  bits<1> DevelopmentStage = stage.Val;
  bit     Hidden = isHidden.Val;
}
class PackageOptions<list<CmdLineOption> opts> {
  list<CmdLineOption> PackageOptions = opts;
}
class Package<string name> {
  string              PackageName = name;
  list<CmdLineOption> PackageOptions;
  Package             ParentPackage;
  bit                 Hidden = 0;
}
class ParentPackage<Package P> { Package ParentPackage = P; }
class HelpText<string text> { string HelpText = text; }
class DocumentationEnum<bits<1> val> {
  bits<1> Documentation = val;
}
def NotDocumented : DocumentationEnum<0>;
def HasDocumentation : DocumentationEnum<1>;
class Documentation<DocumentationEnum val> {
  bits<1> Documentation = val.Documentation;
}
class Checker<string name = ""> {
  string              CheckerName = name;
  string              HelpText;
  list<CmdLineOption> CheckerOptions;
  list<Checker>       Dependencies;
  list<Checker>       WeakDependencies;
  bits<1>             Documentation;
  Package             ParentPackage;
  bit                 Hidden = 0;
}
class CheckerOptions<list<CmdLineOption> opts> {
  list<CmdLineOption> CheckerOptions = opts;
}
class Dependencies<list<Checker> Deps = []> {
  list<Checker> Dependencies = Deps;
}
class WeakDependencies<list<Checker> Deps = []> {
  list<Checker> WeakDependencies = Deps;
}
class Hidden { bit Hidden = 1; }
