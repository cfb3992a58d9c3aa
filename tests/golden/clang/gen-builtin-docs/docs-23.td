// Builtins by documentation category: headings, prototypes with and without argument names,
// target features, the undocumented last and the internal ones left out.
// RELEASE: 23
// ARGS: -gen-builtin-docs -I ../inc
include "Builtins.td"
def GlobalDocumentation {
  code Intro = [{=================
Builtins Reference
=================}];
}
def DocCatWork : DocumentationCategory<"Work-Item Builtins"> {
  let Content = [{
  Work items.
}];
}
def DocCatABI : DocumentationCategory<"ABI Builtins">;
def WorkDoc : Documentation { let Category = DocCatWork; let Content = [{ Returns the id. }]; }
def AbiDoc : Documentation { let Category = DocCatABI; let Content = [{Returns a pointer.}]; let Heading = "zzz heading"; }
def : TargetBuiltin { let Spellings = ["__builtin_id", "__builtin_id2"]; let Prototype = "unsigned int(int, _ExtVector<4, int>, ...)";
  let ArgNames = ["dim", "vec"]; let Features = "gfx9-insts"; let Documentation = [WorkDoc]; }
def : Builtin { let Spellings = ["__builtin_aaa"]; let Prototype = "void*  (int address_space<1> *)"; let Documentation = [WorkDoc, AbiDoc]; }
def : Builtin { let Spellings = ["__builtin_undoc"]; let Prototype = "void()"; }
def : Builtin { let Spellings = ["__builtin_internal"]; let Prototype = "void()"; let Documentation = [InternalOnly]; }
def noproto : Builtin { let Spellings = []; let Prototype = ""; let Documentation = [AbiDoc]; }
