// A return type that is neither a def nor '?'.
// RELEASE: 22
// ARGS: --gen-target-library-info
class FuncArgType;
def Int : FuncArgType;
class TargetLibCall<string Str> { string String = Str; int ReturnType = 1; list<FuncArgType> ArgumentTypes = []; }
def f : TargetLibCall<"f">;
