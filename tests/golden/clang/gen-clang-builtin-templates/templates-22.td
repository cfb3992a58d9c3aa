// Builtin templates of two classes, nested template parameters and builtin NTTPs.
// RELEASE: 22
// ARGS: -gen-clang-builtin-templates
class TemplateArg<string name> { string Name = name; }
class Template<list<TemplateArg> args, string name> : TemplateArg<name> { list<TemplateArg> Args = args; }
class Class<string name, bit is_variadic = 0> : TemplateArg<name> { bit IsVariadic = is_variadic; }
class NTTP<string type_name, string name, bit is_variadic = 0> : TemplateArg<name> {
  string TypeName = type_name;
  bit IsVariadic = is_variadic;
}
class BuiltinNTTP<string type_name> : TemplateArg<""> { string TypeName = type_name; }
def SizeT : BuiltinNTTP<"size_t"> {}
def Uint32T: BuiltinNTTP<"uint32_t"> {}
class BuiltinTemplate<list<TemplateArg> template_head> { list<TemplateArg> TemplateHead = template_head; }
class CPlusPlusBuiltinTemplate<list<TemplateArg> template_head> : BuiltinTemplate<template_head>;
class HLSLBuiltinTemplate<list<TemplateArg> template_head> : BuiltinTemplate<template_head>;
class Extra;
def __make_integer_seq : CPlusPlusBuiltinTemplate<
  [Template<[Class<"T">, NTTP<"T", "Ints", 1>], "IntSeq">, Class<"T">, NTTP<"T", "N">]>;
def __type_pack_element : CPlusPlusBuiltinTemplate<[SizeT, Class<"T", 1>, SizeT]>;
def __hlsl_thing : HLSLBuiltinTemplate<[Uint32T, Uint32T, Class<"Operands", 1>]>;
def __plain : BuiltinTemplate<[Class<"X">]>;
def __two : CPlusPlusBuiltinTemplate<[Class<"Y">]>, Extra;
