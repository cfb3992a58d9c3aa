// An input without OpenCL's classes: the first asked for is GenericType.
// ARGS: -gen-clang-opencl-builtins
class Type<string name> { string Name = name; }
def Int : Type<"int">;
