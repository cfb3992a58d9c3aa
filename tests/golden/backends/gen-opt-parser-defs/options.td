// Options of every kind, with prefixes, groups, aliases, flags, visibility, help variants and
// marshalling with value tables.
// ARGS: --gen-opt-parser-defs -I inc
include "OptParser.td"
def ClangOption : OptionVisibility;
def CC1Option : OptionVisibility;
def NoXarchOption : OptionFlag;
def Action_Group : OptionGroup<"<action group>">, HelpText<"Actions">;
def Sub_Group : OptionGroup<"<sub group>">, Group<Action_Group>, Flags<[HelpHidden]>,
  Visibility<[CC1Option]>;
def help : Flag<["-", "--"], "help">, HelpText<"Display available options">,
  HelpTextForVariants<[CC1Option], "Display the \"cc1\" options">;
def help_hidden : Flag<["--"], "help-hidden">, Flags<[HelpHidden]>;
def o : JoinedOrSeparate<["-"], "o">, MetaVarName<"<file>">, HelpText<"Write output to <file>">,
  Group<Action_Group>;
def O : Joined<["-"], "O">, Group<Sub_Group>;
def O_flag : Flag<["-"], "O">, Alias<O>, AliasArgs<["1"]>;
def Wl : CommaJoined<["-"], "Wl,">, Flags<[NoXarchOption, RenderAsInput]>, Visibility<[ClangOption, CC1Option]>;
def arch : Separate<["-"], "arch">;
def Arch : Separate<["/"], "arch">, EnumName<"slash_arch">;
def sectalign : MultiArg<["-"], "sectalign", 3>;
def Xclang : JoinedAndSeparate<["-"], "Xclang">;
def std_EQ : Joined<["-", "--"], "std=">, Values<"c89,c99,c11">;
def mode : Joined<["--"], "mode=">, ValuesCode<[{
  static constexpr const char VALUES_CODE[] = "a,b";
}]>;
def fast : Flag<["-"], "ffast">,
  MarshallingInfo<KeyPathAndMacro<"LangOpts->", "Fast">, "false">;
def relocation_model : Separate<["-"], "mrelocation-model">,
  Values<"static,pic,ropi">,
  NormalizedValuesScope<"llvm::Reloc">, NormalizedValues<["Static", "PIC_", "ROPI"]>,
  MarshallingInfoString<KeyPathAndMacro<"CodeGenOpts.", "RelocationModel", "CODEGEN_">, "PIC_">,
  ShouldParseIf<"true">, ImpliedByAnyOf<["LangOpts->Fast"], "Static">;
def level : Joined<["-"], "level=">, Values<"one,,two">, NormalizedValues<["1", "2"]>,
  MarshallingInfoInt<KeyPathAndMacro<"LangOpts->", "Level">>, AlwaysEmit;
