// Packages (by StringMap order), options, checkers with documentation, hidden ones, dependencies.
// ARGS: -gen-clang-sa-checkers -I ../inc
include "CheckerBase.td"
def Core : Package<"core">;
def Alpha : Package<"alpha">;
def CoreAlpha : Package<"core">, ParentPackage<Alpha>, Hidden;
def Deadcode : Package<"deadcode">, PackageOptions<[
  CmdLineOption<Boolean, "Flag", "A \"quoted\"\tdescription", "true", Released>,
  CmdLineOption<Integer, "Level", "Level", "3", InAlpha, Hide>]>;
def Nested : Package<"Nested">, ParentPackage<Deadcode>;
let ParentPackage = Core in {
def DivZero : Checker<"DivideZero">, HelpText<"Check for division by zero">, Documentation<HasDocumentation>;
def Base : Checker<"BaseChecker">, Documentation<NotDocumented>, Hidden;
def Uses : Checker<"Uses">, HelpText<"Uses">, Dependencies<[Base]>, WeakDependencies<[DivZero]>,
  CheckerOptions<[CmdLineOption<String, "Mode", "", "a\\b", Released>]>, Documentation<HasDocumentation>;
}
def HiddenKid : Checker<"Kid">, ParentPackage<CoreAlpha>, Documentation<HasDocumentation>;
def Loose : Checker<"Loose">, Documentation<NotDocumented>;
