// Two libraries: predicated and calling-convention subsets, a default calling convention, names
// shared by two implementations, one libcall provided twice (a warning).
// RELEASE: 22
// ARGS: --gen-runtime-libcalls -I inc
include "RuntimeLibcallsImpl.td"
def MEMCPY : RuntimeLibcall;
def MEMSET : RuntimeLibcall;
def SQRT_F32 : RuntimeLibcall;
def ABORT : RuntimeLibcall;
def memcpy : RuntimeLibcallImpl<MEMCPY>;
def memset : RuntimeLibcallImpl<MEMSET> { let IsDefault = true; }
def __memset_alt : RuntimeLibcallImpl<MEMSET, "memset">;
def sqrtf : RuntimeLibcallImpl<SQRT_F32>;
def __sqrtf_fast : RuntimeLibcallImpl<SQRT_F32>;
def abort : RuntimeLibcallImpl<ABORT>;
def isTargetA : RuntimeLibcallPredicate<[{TT.isA()}]>;
def isTargetB : RuntimeLibcallPredicate<"TT.isB()">;
def hasFastSqrt : RuntimeLibcallPredicate<[{TT.hasFastSqrt()}]>;
def hasAbort : RuntimeLibcallPredicate<[{TT.hasAbort()}]>;
def LibA : SystemRuntimeLibrary<isTargetA,
  (add memcpy, memset, LibcallImpls<(add __sqrtf_fast), hasFastSqrt>,
       LibcallsWithCC<(add abort), FASTCC>, sqrtf)>;
def LibB : SystemRuntimeLibrary<isTargetB,
  (add memcpy, __memset_alt, memset, LibcallImpls<(add abort), hasAbort>)> {
  let DefaultLibcallCallingConv = ARM_AAPCS;
}
