// A function without its String.
// RELEASE: 22
// ARGS: --gen-target-library-info
class FuncArgType;
class TargetLibCall { FuncArgType ReturnType = ?; list<FuncArgType> ArgumentTypes = []; }
def f : TargetLibCall;
