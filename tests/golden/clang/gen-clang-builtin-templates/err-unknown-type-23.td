// A non-type parameter of a type no parameter before it names.
// RELEASE: 23
// ARGS: -gen-clang-builtin-templates
class TemplateArg<string name> { string Name = name; }
class Class<string name, bit is_variadic = 0> : TemplateArg<name> { bit IsVariadic = is_variadic; }
class NTTP<string type_name, string name, bit is_variadic = 0> : TemplateArg<name> {
  string TypeName = type_name;
  bit IsVariadic = is_variadic;
}
class BuiltinTemplate<list<TemplateArg> template_head> { list<TemplateArg> TemplateHead = template_head; }
def __bad : BuiltinTemplate<[Class<"T">, NTTP<"U", "N">]>;
