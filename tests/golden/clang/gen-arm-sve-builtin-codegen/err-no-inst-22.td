// The named values are there, but no class Inst.
// RELEASE: 22
// ARGS: -gen-arm-sve-builtin-codegen
class EltType<int val> { int Value = val; }
class MemEltType<int val> { int Value = val; }
class FlagType<int val> { int Value = val; }
class MergeType<int val> { int Value = val; }
class ImmCheckType<int val> { int Value = val; }
