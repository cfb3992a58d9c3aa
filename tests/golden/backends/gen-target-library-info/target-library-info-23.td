// Functions in definition order; shared name suffixes and signature tails; no return type.
// RELEASE: 23
// ARGS: --gen-target-library-info
class FuncArgType { string Name = NAME; }
def Void : FuncArgType;
def Int : FuncArgType;
def Ptr : FuncArgType;
class TargetLibCall<string Str, FuncArgType RetType, list<FuncArgType> ArgTypes = []> {
  string Name = NAME; string String = Str; FuncArgType ReturnType = RetType; list<FuncArgType> ArgumentTypes = ArgTypes;
}
def strlen : TargetLibCall<"strlen", Int, [Ptr]>;
def abs : TargetLibCall<"abs", Int, [Int]>;
def fabs : TargetLibCall<"fabs", Int, [Int]>;
def memcpy : TargetLibCall<"memcpy", Ptr, [Ptr, Ptr, Int]>;
def nothing : TargetLibCall<"nothing", ?>;
def args_only : TargetLibCall<"escape\"me", ?, [Ptr, Int]>;
