// A fixed register that a class by HW mode does not have in one of its modes (LLVM 23).
// RELEASE: 23
// ARGS: --gen-compress-inst-emitter -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "compress-target.td"
def Wide : HwMode<[HasC]>;
foreach i = 0...3 in
def W#i : Register<"w"#i> { let HWEncoding{2-0} = i; }
def WPR : RegisterClass<"Arch", [i64], 64, (sequence "W%u", 0, 3)>;
def PtrRC : RegClassByHwMode<[DefaultMode, Wide], [GPR, WPR]>;
def PMOV : ArchInst<4, (outs PtrRC:$rd), (ins PtrRC:$rs), "pmov $rd, $rs">;
def PMOVZ : ArchInst<2, (outs PtrRC:$rd), (ins), "pmovz $rd">;
def : CompressPat<(PMOV PtrRC:$rd, R0), (PMOVZ PtrRC:$rd)>;
