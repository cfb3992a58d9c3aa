// Value types of every kind: integers (power-of-two and not), floats, fixed and scalable vectors.
// ARGS: --gen-vt
class ValueType<int size, int value> {
  string Namespace = "MVT";
  string LLVMName = NAME;
  int Size = size;
  int Value = value;
  int nElem = 1;
  ValueType ElementType = ?;
  bit isOverloaded = false;
  bit isInteger = false;
  bit isFP = false;
  bit isVector = false;
  bit isScalable = false;
  bit isNormalValueType = true;
}
class VTInt<int size, int value> : ValueType<size, value> { let isInteger = true; }
class VTFP<int size, int value> : ValueType<size, value> { let isFP = true; }
class VTVec<int nelem, ValueType elt, int value> : ValueType<!mul(nelem, elt.Size), value> {
  let nElem = nelem;
  let ElementType = elt;
  let isInteger = elt.isInteger;
  let isFP = elt.isFP;
  let isVector = true;
}
class VTScalableVec<int nelem, ValueType elt, int value> : VTVec<nelem, elt, value> {
  let isScalable = true;
}
def OtherVT : ValueType<0, 1>;
def i1 : VTInt<1, 2>;
def i8 : VTInt<8, 3>;
def i24 : VTInt<24, 4>;
def i128 : VTInt<128, 5>;
def f16 : VTFP<16, 6>;
def bf16 : VTFP<16, 7>;
def f32 : VTFP<32, 8>;
def f80 : VTFP<80, 9>;
def ppcf128 : VTFP<128, 10>;
def v2i8 : VTVec<2, i8, 11>;
def v4i8 : VTVec<4, i8, 12>;
def v2f32 : VTVec<2, f32, 13>;
def nxv2i8 : VTScalableVec<2, i8, 14>;
def nxv2f16 : VTScalableVec<2, f16, 15>;
def Any : ValueType<0, 255> {
  let isOverloaded = true;
  let isNormalValueType = false;
}
