// -register-info-debug: each register class, sub-register index and register with what the
// model derived for it (sizes and ranges by mode, lane masks, sub-classes, sub-registers), on
// standard error (LLVM 19: every value by mode in braces, no units, weights or artificial
// parts).
// RELEASE: 19
// ARGS: --gen-register-info -register-info-debug -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }
def Wide : HwMode<"+wide", []>;
let Namespace = "Test" in {
  def lo : SubRegIndex<8>;
  def hi : SubRegIndex<8, 8> {
    let SubRegRanges = SubRegRangeByHwMode<[DefaultMode, Wide], [SubRegRange<8, 8>, SubRegRange<16, 16>]>;
  }
}
class TReg<string n, list<Register> subs = [], list<SubRegIndex> idx = []> : Register<n> {
  let Namespace = "Test";
  let SubRegs = subs;
  let SubRegIndices = idx;
  let CoveredBySubRegs = !not(!empty(subs));
}
foreach i = 0-3 in {
  def B#i#L : TReg<"b"#i#"l">;
  def B#i#H : TReg<"b"#i#"h">;
  let CostPerUse = [i, 1] in
  def R#i : TReg<"r"#i, [!cast<Register>("B"#i#"L"), !cast<Register>("B"#i#"H")], [lo, hi]>;
}
def GR8 : RegisterClass<"Test", [i8], 8, (add (sequence "B%uL", 0, 3), (sequence "B%uH", 0, 3))>;
def GR16 : RegisterClass<"Test", [i16], 16, (sequence "R%u", 0, 3)> {
  let RegInfos = RegInfoByHwMode<[DefaultMode, Wide], [RegInfo<16, 16, 16>, RegInfo<16, 32, 32>]>;
  let BaseClassOrder = 1;
  let AllocationPriority = 3;
}
def GR16_LOW : RegisterClass<"Test", [i16], 16, (add R0, R1)> { let isAllocatable = false; }
