// Registers and register classes chosen by HW mode in compress patterns (LLVM 23): a fixed
// register by mode is checked to be in its class in every mode and read through its getter,
// a class by mode through the table of classes by mode.
// RELEASE: 23
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "compress-target.td"
def Wide : HwMode<[HasC]>;
foreach i = 0...3 in
def W#i : Register<"w"#i> { let HWEncoding{2-0} = i; }
def WPR : RegisterClass<"Arch", [i64], 64, (sequence "W%u", 0, 3)>;
def PtrRC : RegClassByHwMode<[DefaultMode, Wide], [GPR, WPR]>;
def ZeroReg : RegisterByHwMode<PtrRC, [DefaultMode, Wide], [R0, W0]>;
def PMOV : ArchInst<4, (outs PtrRC:$rd), (ins PtrRC:$rs), "pmov $rd, $rs">;
def PMOVZ : ArchInst<2, (outs PtrRC:$rd), (ins), "pmovz $rd">;
def PMOVS : ArchInst<2, (outs PtrRC:$rd), (ins PtrRC:$rs), "pmovs $rd, $rs">;
def PSET : ArchInst<4, (outs PtrRC:$rd), (ins PtrRC:$rs), "pset $rd, $rs">;
def PSETZ : ArchInst<2, (outs), (ins), "psetz">;
def : CompressPat<(PMOV PtrRC:$rd, ZeroReg), (PMOVZ PtrRC:$rd)>;
def : CompressPat<(PMOV PtrRC:$rd, PtrRC:$rs), (PMOVS PtrRC:$rd, PtrRC:$rs)>;
def : CompressPat<(PSET ZeroReg, ZeroReg), (PSETZ)>;
