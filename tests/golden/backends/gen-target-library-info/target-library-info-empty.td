// No functions.
// RELEASE: 22
// ARGS: --gen-target-library-info
class FuncArgType;
class TargetLibCall;
