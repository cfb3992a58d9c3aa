// A sample of OpenCL builtins over OpenCLBase.td: scalar, vector, pointer, const and volatile
// types, images of each access qualifier, enum and typedef types, generic types expanded
// together, functions sharing their overloads, and builtins under extensions and versions.
include "OpenCLBase.td"

def Bool      : Type<"bool",      QualType<"Context.BoolTy">>;
def Char      : Type<"char",      QualType<"Context.CharTy">>;
def Int       : Type<"int",       QualType<"Context.IntTy">>;
def UInt      : Type<"uint",      QualType<"Context.UnsignedIntTy">>;
def Long      : Type<"long",      QualType<"Context.LongTy">>;
def Float     : Type<"float",     QualType<"Context.FloatTy">>;
let Extension = Fp64TypeExt in {
  def Double    : Type<"double",    QualType<"Context.DoubleTy">>;
}
let Extension = Fp16TypeExt in {
  def Half      : Type<"half",      QualType<"Context.HalfTy">>;
}
foreach AS = [PrivateAS, GlobalAS] in {
  def "HalfPtr" # AS      : PointerType<Type<"__half", QualType<"Context.HalfTy">>, AS>;
}
def Size      : Type<"size_t",    QualType<"Context.getSizeType()">>;
def Void      : Type<"void",      QualType<"Context.VoidTy">>;
def Image2d   : Type<"image2d_t", QualType<"Context.OCLImage2d", 1>>;
def Image3d   : Type<"image3d_t", QualType<"Context.OCLImage3d", 1>>;
def Image1d   : Type<"image1d_t", QualType<"Context.OCLImage1d", 1>>;
def Image2dDepth : Type<"image2d_depth_t", QualType<"Context.OCLImage2dDepth", 1>>;
def Sampler   : Type<"sampler_t", QualType<"Context.OCLSamplerTy">>;
def Event     : Type<"event_t", QualType<"Context.OCLEventTy">>;
def MemFenceFlags : TypedefType<"cl_mem_fence_flags">;
def MemoryOrder   : EnumType<"memory_order">;
let Extension = Atomic64TypeExt in {
  def AtomicLong : Type<"atomic_long", QualType<"Context.getAtomicType(Context.LongTy)">>;
}

// Extensions that a SmallSet of two keeps in order, and of three sorts.
let Extension = TypeExtension<"zz_ext yy_ext"> in {
  def Zed : Type<"zed", QualType<"Context.ZedTy">>;
}

def VecAndScalar: IntList<"VecAndScalar", [1, 2, 3, 4, 8, 16]>;
def VecNoScalar : IntList<"VecNoScalar", [2, 3, 4, 8, 16]>;
def Vec1        : IntList<"Vec1", [1]>;

def TLFloat   : TypeList<[Float, Double, Half]>;
def TLInts    : TypeList<[Char, Int, UInt]>;
def TLIntsTwice : TypeList<[Int, Int, UInt]>;

def FGenTypeN  : GenericType<"FGenTypeN", TLFloat, VecAndScalar>;
def IGenTypeN  : GenericType<"IGenTypeN", TLInts, VecAndScalar>;
def UGenTypeN  : GenericType<"UGenTypeN", TLIntsTwice, VecAndScalar>;
def IGenType1  : GenericType<"IGenType1", TLInts, Vec1>;
def GenTypeFloatVecNoScalar : GenericType<"GenTypeFloatVecNoScalar", TypeList<[Float]>, VecNoScalar>;

// Functions of the same overloads share them.
foreach name = ["sin", "cos", "tan"] in {
  def : Builtin<name, [FGenTypeN, FGenTypeN], Attr.Const>;
}
// The same signatures, other attributes: overloads of their own.
def : Builtin<"sqrt", [FGenTypeN, FGenTypeN], Attr.Pure>;
// Generic types of one or of as many types expand together.
def : Builtin<"abs", [UGenTypeN, IGenTypeN], Attr.Const>;
def : Builtin<"clamp", [IGenTypeN, IGenTypeN, IGenType1, IGenType1], Attr.Const>;
foreach AS = [GlobalAS, PrivateAS] in {
  def : Builtin<"fract", [FGenTypeN, FGenTypeN, PointerType<FGenTypeN, AS>]>;
  def : Builtin<"vload2", [VectorType<Float, 2>, Size, PointerType<ConstType<Float>, AS>], Attr.Pure>;
}
def : Builtin<"vstore_half", [Void, Float, Size, HalfPtrGlobalAS]>;
def : Builtin<"length", [Float, GenTypeFloatVecNoScalar], Attr.Const>;
def : Builtin<"vload_gen", [FGenTypeN, Size, PointerType<ConstType<FGenTypeN>, ConstantAS>], Attr.Pure>;
def : Builtin<"zed_fn", [Zed, Zed]>;
def : Builtin<"zed_fn", [Zed, Half, AtomicLong]>;
def : Builtin<"get_global_id", [Size, UInt], Attr.Const>;
def : Builtin<"atomic_add", [Int, VolatileType<PointerType<Int, GlobalAS>>, Int]>;
def : Builtin<"atomic_add", [Long, VolatileType<PointerType<AtomicLong, LocalAS>>, Long]>;
def : Builtin<"atomic_flag", [Bool, PointerType<ConstType<VolatileType<Int>>, GenericAS>, MemoryOrder]>;

// Images of each access qualifier.
foreach aQual = ["RO", "WO", "RW"] in {
  def : Builtin<"get_image_width", [Int, ImageType<Image2d, aQual>], Attr.Const>;
  def : Builtin<"get_image_width", [Int, ImageType<Image3d, aQual>], Attr.Const>;
  def : Builtin<"get_image_width", [Int, ImageType<Image1d, aQual>], Attr.Const>;
  def : Builtin<"get_image_width", [Int, ImageType<Image2dDepth, aQual>], Attr.Const>;
}
def : Builtin<"read_imagef", [VectorType<Float, 4>, ImageType<Image2d, "RO">, Sampler, VectorType<Int, 2>], Attr.Pure>;
let Extension = FuncExtKhrMipmapImage in {
  def : Builtin<"read_imagef", [VectorType<Float, 4>, ImageType<Image2d, "RO">, Sampler, VectorType<Float, 2>, Float], Attr.Pure>;
}

// Extensions and versions.
let MinVersion = CL20 in {
  def : Builtin<"work_group_barrier", [Void, MemFenceFlags], Attr.Convergent>;
  def : Builtin<"wait_group_events", [Void, Int, PointerType<Event, GenericAS>], Attr.Convergent>;
}
let MaxVersion = CL20 in {
  def : Builtin<"wait_group_events", [Void, Int, PointerType<Event, PrivateAS>], Attr.Convergent>;
}
let MinVersion = CL12, MaxVersion = CL20 in {
  def : Builtin<"old_fn", [Int, Int]>;
}
let Extension = FuncExtKhrSubgroups in {
  def : Builtin<"sub_group_reduce_add", [IGenTypeN, IGenTypeN], Attr.Convergent>;
}
let Extension = concatExtension<FuncExtOpenCLCPipes, "cl_khr_subgroups cl_extra">.ret in {
  def : Builtin<"sub_group_reserve_read_pipe", [Int, Int, UInt]>;
}

// A function joins every group of its signatures whose overloads agree with its own at some
// position: mixed is in both groups, so the string matcher has its name twice.
def : Builtin<"first", [Int, Int], Attr.Const>;
def : Builtin<"first", [Float, Float], Attr.Const>;
def : Builtin<"second", [Int, Int], Attr.Pure>;
def : Builtin<"second", [Float, Float], Attr.Pure>;
def : Builtin<"mixed", [Int, Int], Attr.Const>;
def : Builtin<"mixed", [Float, Float], Attr.Pure>;
