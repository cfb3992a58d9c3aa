// A property of a type with an empty C++ name.
// RELEASE: 22
// ARGS: -gen-clang-basic-writer -I ../inc
include "PropertiesBase.td"
def Nameless : PropertyType { let CXXName = ""; }
let Class = PropertyTypeCase<APValue, "None"> in {
  def : Property<"nameless", Nameless> {
    let Read = [{ node.nameless() }];
  }
}
