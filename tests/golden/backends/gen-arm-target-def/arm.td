// ARM processor families and architectures only: no Architecture64 class.
// ARGS: --gen-arm-target-def -I inc
include "Features.td"
class Extension;
def ProcA5 : SubtargetFeature<"a5", "ARMProcFamily", "CortexA5", "Cortex-A5">;
def ProcA7 : SubtargetFeature<"a7", "ARMProcFamily", "CortexA7", "Cortex-A7">;
def ProcA9 : SubtargetFeature<"a9", "ARMProcFamily", "CortexA9", "Cortex-A9">;
def ProcA9Again : SubtargetFeature<"a9x", "ARMProcFamily", "CortexA9", "Cortex-A9 again">;
def ProcM3 : SubtargetFeature<"m3", "ARMProcFamily", "CortexM3", "Cortex-M3">;
def ProcR5 : SubtargetFeature<"r5", "ARMProcFamily", "CortexR5", "Cortex-R5">;
def ProcSwift : SubtargetFeature<"swift", "ARMProcFamily", "Swift", "Swift">;
def ARMv7a : SubtargetFeature<"armv7-a", "ARMArch", "ARMv7a", "ARMv7a">;
def ARMv8a : SubtargetFeature<"armv8-a", "ARMArch", "ARMv8a", "ARMv8a">;
def ARMv6m : SubtargetFeature<"armv6-m", "ARMArch", "ARMv6m", "ARMv6m">;
def ARMv81a : SubtargetFeature<"armv8.1-a", "ARMArch", "ARMv81a", "ARMv81a">;
def Other : SubtargetFeature<"other", "Other", "X", "X">;
