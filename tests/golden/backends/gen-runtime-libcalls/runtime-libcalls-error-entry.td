// A library member that is no implementation: an error and a note, and the output goes on.
// RELEASE: 22
// ARGS: --gen-runtime-libcalls -I inc
include "RuntimeLibcallsImpl.td"
def ABORT : RuntimeLibcall;
def abort : RuntimeLibcallImpl<ABORT>;
def isTargetA : RuntimeLibcallPredicate<[{TT.isA()}]>;
def LibA : SystemRuntimeLibrary<isTargetA, (add abort, ABORT)>;
