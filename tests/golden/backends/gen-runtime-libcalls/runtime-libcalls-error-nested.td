// Nested predicated sets: an error.
// RELEASE: 23
// ARGS: --gen-runtime-libcalls -I inc
include "RuntimeLibcallsImpl.td"
def ABORT : RuntimeLibcall;
def abort : RuntimeLibcallImpl<ABORT>;
def isTargetA : RuntimeLibcallPredicate<[{TT.isA()}]>;
def hasX : RuntimeLibcallPredicate<[{TT.hasX()}]>;
def hasY : RuntimeLibcallPredicate<[{TT.hasY()}]>;
def LibA : SystemRuntimeLibrary<isTargetA, (add LibcallImpls<(add LibcallImpls<(add abort), hasX>), hasY>)>;
