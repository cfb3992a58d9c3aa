// A kind rule of a type with no cases.
// RELEASE: 22
// ARGS: -gen-clang-basic-reader -I ../inc
include "PropertiesBase.td"
def TemplateName : PropertyType;
def TemplateNameKind : EnumPropertyType<"TemplateName::NameKind">;
def : PropertyTypeKind<TemplateName, TemplateNameKind, "node.getKind()">;
