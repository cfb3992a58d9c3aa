// A small target for the register bank's model: 16-bit registers with 8-bit halves, pairs
// of them (RegisterTuples), an artificial register, an ad hoc alias, two hardware modes with
// sizes by mode, classes whose intersections and sub-register classes LLVM infers.
def TestInstrInfo : InstrInfo;
def Test : Target { let InstructionSet = TestInstrInfo; }

// ModeA and ModeB (HwMode's arguments differ between releases) are defined by the case.

let Namespace = "Test" in {
  def lo : SubRegIndex<8>;
  def hi : SubRegIndex<8, 8>;
  def sub0 : SubRegIndex<16>;
  def sub1 : SubRegIndex<16, 16>;
}

class TReg<string n, list<Register> subs = [], list<SubRegIndex> idx = []> : Register<n> {
  let Namespace = "Test";
  let SubRegs = subs;
  let SubRegIndices = idx;
  let CoveredBySubRegs = !not(!empty(subs));
}

foreach i = 0-7 in {
  def B#i#L : TReg<"b"#i#"l">;
  def B#i#H : TReg<"b"#i#"h">;
  def R#i : TReg<"r"#i, [!cast<Register>("B"#i#"L"), !cast<Register>("B"#i#"H")], [lo, hi]>;
}
def FLAGS : TReg<"flags"> { let isArtificial = true; }
def FPSW : TReg<"fpsw">;
def SP : TReg<"sp"> { let Aliases = [R7]; }

def Pairs : RegisterTuples<[sub0, sub1], [(add R0, R2, R4, R6), (add R1, R3, R5, R7)]>;

def RI16 : RegInfoByHwMode<[DefaultMode, ModeA, ModeB],
                           [RegInfo<16, 16, 16>, RegInfo<16, 32, 32>, RegInfo<16, 64, 64>]>;

def GR8 : RegisterClass<"Test", [i8], 8, (add (sequence "B%uL", 0, 7), (sequence "B%uH", 0, 7))>;
def GR8L : RegisterClass<"Test", [i8], 8, (sequence "B%uL", 0, 7)>;
def GR16 : RegisterClass<"Test", [i16], 16, (add (sequence "R%u", 0, 7), SP)> {
  let RegInfos = RI16;
  let AltOrders = [(rotl GR16, 2)];
  let AltOrderSelect = [{ return 1; }];
}
def GR16_LOW : RegisterClass<"Test", [i16], 16, (sequence "R%u", 0, 3)> { let RegInfos = RI16; }
def GR16_ODD : RegisterClass<"Test", [i16], 16, (add R1, R3, R5, R7)> { let RegInfos = RI16; }
def GR32 : RegisterClass<"Test", [i32], 32, (add Pairs)>;
def CCR : RegisterClass<"Test", [i16], 16, (add FLAGS, FPSW)> { let isAllocatable = false; }
