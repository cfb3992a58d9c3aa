// No FuncArgType class.
// RELEASE: 22
// ARGS: --gen-target-library-info
class TargetLibCall { string String = "f"; }
def f : TargetLibCall;
