// Option groups (one flattened) as sections, options by name with arguments, aliases (no-X
// among them), help for a visibility, values, and programs for ids that differ by punctuation.
// ARGS: -gen-opt-docs -I ../inc
include "OptParser.td"
class HelpText<string text> { string HelpText = text; }
class Group<OptionGroup g> { OptionGroup Group = g; }
class MetaVar<string m> { string MetaVarName = m; }
class Alias<Option a> { Option Alias = a; }
class AliasArgs<list<string> a> { list<string> AliasArgs = a; }
class Values<string v> { string Values = v; }
class HelpTextsForVariants<list<HelpTextForVariants> l> { list<HelpTextForVariants> HelpTextsForVariants = l; }
class Flags<list<OptionFlag> l> { list<OptionFlag> Flags = l; }
class Vis<list<OptionVisibility> l> { list<OptionVisibility> Visibility = l; }
def GlobalDocumentation {
  code Intro = [{=====
Intro
=====}];
  string Program = "Clang";
  list<string> VisibilityMask = ["DefaultVis"];
  list<string> IgnoreFlags = ["HelpHidden"];
}
def Action_Group : OptionGroup<"<action group>">, HelpText<"Actions">;
def f_Group : OptionGroup<"<f group>"> { string DocName = "Compilation *flags*"; string DocBrief = [{Flags that control [compilation].}]; }
def f_flat : OptionGroup<"<flat>"> { let Group = f_Group; bit DocFlatten = 1; }
def f_sub : OptionGroup<"<sub>"> { let Group = f_Group; let HelpText = "A subgroup"; }
def E : Flag<["-"], "E">, Group<Action_Group>, HelpText<"Only run the *preprocessor*">;
def fblocks : Flag<["-"], "fblocks">, Group<f_flat>, HelpText<"Enable blocks">;
def fno_blocks : Flag<["-"], "fno-blocks">, Group<f_flat>;
def no_canonical : Flag<["-", "--"], "no-canonical-prefixes">, HelpText<"Plain">;
def canonical : Flag<["-"], "canonical-prefixes">, HelpText<"Use canonical prefixes">;
def o : JoinedOrSeparate<["-"], "o">, HelpText<"Write output to <file>">, MetaVar<"<file>">;
def O : Joined<["-"], "O">, Group<f_sub>, HelpText<"Optimize">;
def O_flag : Flag<["-"], "O">, Group<f_sub>, Alias<O>, AliasArgs<["1"]>;
def Wl : CommaJoined<["-"], "Wl,">, HelpText<"Pass to the linker">, MetaVar<"<arg>">;
def Xarch : JoinedAndSeparate<["-"], "Xarch_">;
def multi : MultiArg<["-"], "multi", 3>, HelpText<"Three">;
def rest : RemainingArgs<["--"], "">;
def rest2 : RemainingArgs<["-"], "rest">;
def std : Joined<["-", "--"], "std=">, HelpText<"Language standard">, Values<"c89,c99,,c11">,
  HelpTextsForVariants<[HelpTextForVariants<[CC1Option], "cc1 help">, HelpTextForVariants<[DefaultVis], "Default *help*">]>;
def std_one : Joined<["-"], "stdlib=">, Values<"libc++">;
def hidden : Flag<["-"], "hidden">, Flags<[HelpHidden]>, HelpText<"Hidden">;
def cc1only : Flag<["-"], "cc1only">, Vis<[CC1Option]>;
def slash : Flag<["/"], "?">;
def input : Option<[], "<input>", KIND_INPUT>;
