// The aliases of the small target: instruction aliases (registers, immediates, tied operands,
// predicates, a variant's own), mnemonic aliases with and without predicates, a token alias.
def : InstAlias<"mov $dst, $src", (ADD GPR:$dst, GPR:$src, R0)>;
def : InstAlias<"clr $dst", (ADD GPR:$dst, R0, R0), 2>;
def : InstAlias<"li $dst, $imm", (ADDI GPR:$dst, R0, simm8:$imm)>;
def : InstAlias<"li.low $dst, $imm", (ADDI LowGPR:$dst, R0, simm8:$imm)>, Requires<[HasA]>;
def : InstAlias<"zero $dst", (ADDI GPR:$dst, zero_reg, 0)>, Requires<[HasAOrNotB]>;
def : InstAlias<"mask $dst, $imm", (ANDI GPR:$dst, GPR:$dst, uimm4:$imm)>;
def : InstAlias<"bump", (INC R1)>;
def : InstAlias<"odd $dst", (INC OddGPR:$dst)>;
def : InstAlias<"jmp $target", (BR brtarget:$target)>;
def : InstAlias<"intel.nop", (NOP)> { let AsmVariantName = "intel"; }
def : MnemonicAlias<"addl", "add">;
def : MnemonicAlias<"Jump", "br">;
def : MnemonicAlias<"jz", "br">, Requires<[HasA]>;
def : MnemonicAlias<"jz", "brz">, Requires<[HasAOrNotB]>;
def : MnemonicAlias<"nopi", "nop", "intel">;
def : TokenAlias<"r.lo", "r.low">;
