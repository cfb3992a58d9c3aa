// A class the emitter reads is missing.
// RELEASE: 23
// ARGS: -gen-arm-sve-typeflags
class EltType<int val> { int Value = val; }
def EltTyInt8 : EltType<1>;
