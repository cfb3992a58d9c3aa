// -register-info-debug: each register class, sub-register index and register with what the
// model derived for it (sizes and ranges by mode, lane masks, sub-classes, units, weights,
// artificial parts), on standard error (LLVM 22).
// RELEASE: 22
// ARGS: --gen-register-info -register-info-debug -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I ../gen-register-bank/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
let Namespace = "Test" in
def wide : SubRegIndex<16> {
  let SubRegRanges = SubRegRangeByHwMode<[DefaultMode, ModeB], [SubRegRange<16>, SubRegRange<32, 8>]>;
}
let CostPerUse = [1, 2] in def Q0 : TReg<"q0">;
def GRQ : RegisterClass<"Test", [i16], 16, (add Q0)> { let BaseClassOrder = 3; let AllocationPriority = 5; }
