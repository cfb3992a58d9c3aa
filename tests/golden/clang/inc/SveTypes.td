// A small model of the named values arm_sve_sme_incl.td gives SVE's emitter.
class EltType<int val> { int Value = val; }
class MemEltType<int val> { int Value = val; }
class FlagType<int val> { int Value = val; }
class MergeType<int val> { int Value = val; }
class ImmCheckType<int val> { int Value = val; }
def EltTyInvalid : EltType<0>; def EltTyInt8 : EltType<1>; def EltTyInt16 : EltType<2>; def EltTyFloat64 : EltType<11>;
def MemEltTyDefault : MemEltType<0>; def MemEltTyInt8 : MemEltType<1>;
def FirstEltType : FlagType<0x00000001>; def EltTypeMask : FlagType<0x0000000f>; def IsLoad : FlagType<0x2000000000>;
def Negative : FlagType<-1>;
def MergeNone : MergeType<0>; def MergeAny : MergeType<1>; def MergeZero : MergeType<2>;
def ImmCheck0_31 : ImmCheckType<0>; def ImmCheck1_16 : ImmCheckType<1>; def ImmCheckExtract : ImmCheckType<2>;
