// The register information of the small target: enums, MC tables (sub- and super-register
// lists, units, lane masks), classes by mode, compositions, pressure sets, DWARF numbers,
// callee-saved lists and masks, categories and allocation orders (LLVM 22).
// RELEASE: 22
// ARGS: --gen-register-info -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I ../gen-register-bank/inc
include "llvm/Target/Target.td"
def ModeA : HwMode<[]>;
def ModeB : HwMode<[]>;
include "rb-target.td"
def CSR_Test : CalleeSavedRegs<(add R4, R5, SP)>;
def CSR_TestPreserve : CalleeSavedRegs<(add R6)> { let OtherPreserved = (add R0, Pairs); }
def GeneralPurposeRegisters : RegisterCategory<[GR16, GR8]>;
def FixedRegisters : RegisterCategory<[CCR]>;
let DwarfNumbers = [100, 101] in def R8X : TReg<"r8x">;
def GRX : RegisterClass<"Test", [i16], 16, (add R8X)>;
