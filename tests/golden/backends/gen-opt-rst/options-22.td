// Options in groups and without one, with prefixes, meta-variables, help texts (trimmed, given
// a period) and value lists, headed by group in StringMap order.
// RELEASE: 22
// ARGS: --gen-opt-rst -I ../gen-opt-parser-defs/inc
include "OptParser.td"
def Action_Group : OptionGroup<"<action group>">, HelpText<"Actions">;
def Sub_Group : OptionGroup<"<sub group>">, Group<Action_Group>;
def Empty_Group : OptionGroup<"empty">;
def Debug_Group : OptionGroup<"debug">;
def Link_Group : OptionGroup<"linker">;
def help : Flag<["-", "--"], "help">, HelpText<"  Display available options  ">;
def help_hidden : Flag<["--"], "help-hidden">, Flags<[HelpHidden]>;
def o : JoinedOrSeparate<["-"], "o">, MetaVarName<"<file>">, HelpText<"Write output to <file>.">,
  Group<Action_Group>;
def O : Joined<["-"], "O">, Group<Sub_Group>, HelpText<"Tab\there \"quoted\"">;
def g : Flag<["-"], "g">, Group<Debug_Group>, HelpText<"">;
def gline : Flag<["-"], "gline-tables-only">, Group<Debug_Group>;
def Wl : CommaJoined<["-"], "Wl,">, Group<Link_Group>, MetaVarName<"<arg>">;
def arch : Separate<["-"], "arch">, Values<"x86">;
def Arch : Separate<["/"], "arch">, EnumName<"slash_arch">;
def std_EQ : Joined<["-", "--"], "std=">, Values<"c89,c99,c11">, HelpText<"Language standard">;
def mode : Joined<["--"], "mode=">, Values<"a,,b">, MetaVarName<"<mode>">;
