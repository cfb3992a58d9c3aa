// An implementation whose function name is no string.
// RELEASE: 22
// ARGS: --gen-runtime-libcalls
class RuntimeLibcall { string Name = NAME; }
class RuntimeLibcallImpl<RuntimeLibcall P> { RuntimeLibcall Provides = P; int LibCallFuncName = 3; bit IsDefault = false; }
def ABORT : RuntimeLibcall;
def abort : RuntimeLibcallImpl<ABORT>;
