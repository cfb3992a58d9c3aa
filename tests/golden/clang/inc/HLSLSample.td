// HLSL intrinsics of every kind over HLSLBase.td: aliases, detail calls and literal bodies;
// varying, element, shaped, vector and scalar fixed types; 16-bit and conditionally 16-bit
// types under shader models below, at and above 6.2; unordered vector sizes, matrices and
// element types; parameter names, documentation, convergent and constexpr functions.

include "HLSLBase.td"

def MinTy : HLSLType<"min16float">;

def hlsl_abs : HLSLBuiltin<"abs", "__builtin_elementwise_abs"> {
  let Doc = [{
\fn T abs(T Val)

  \brief The absolute value.
}];
  let Args = [Varying];
  let ReturnType = Varying;
  let VaryingScalar = 1;
  let VaryingVecSizes = [4, 2, 3];
  let VaryingTypes = [DoubleTy, MinTy, Int16Ty, FloatTy, HalfTy, IntTy, Int64Ty];
  let VaryingMatDims = [Mat2x2, Mat1x3, Mat2x1, Mat1x2];
}

def hlsl_dot : HLSLBuiltin<"dot", "__builtin_hlsl_dot"> {
  let Args = [Varying, Varying];
  let ReturnType = VaryingElemType;
  let VaryingVecSizes = [2];
  let VaryingTypes = [UInt16Ty, UIntTy, HalfTy, BoolTy, UInt64Ty];
  let Availability = SM6_4;
}

def hlsl_isinf : HLSLBuiltin<"isinf", "__builtin_hlsl_elementwise_isinf"> {
  let Args = [Varying];
  let ReturnType = VaryingShape<BoolTy>;
  let ParamNames = ["", "unused"];
  let VaryingScalar = 1;
  let VaryingVecSizes = [3];
  let VaryingTypes = [HalfTy, FloatTy, Int16Ty];
  let Availability = SM6_0;
}

def hlsl_wave_sum : HLSLBuiltin<"WaveActiveSum", "__builtin_hlsl_wave_active_sum"> {
  let Doc = "Sums a value across the wave.";
  let IsConvergent = 1;
  let Args = [Varying];
  let ParamNames = ["Value"];
  let ReturnType = Varying;
  let VaryingScalar = 1;
  let VaryingTypes = [UInt16Ty, Int16Ty, FloatTy];
  let Availability = SM6_1;
}

def hlsl_cross_half : HLSLBuiltin<"cross", "__builtin_hlsl_crossf16"> {
  let Args = [VectorType<HalfTy, 3>, VectorType<HalfTy, 3>];
  let ReturnType = VectorType<HalfTy, 3>;
}

def hlsl_pack : HLSLBuiltin<"pack_u16", "__builtin_hlsl_pack"> {
  let Args = [VectorType<UInt16Ty, 4>, UIntTy];
  let ReturnType = UIntTy;
  let Availability = SM6_6;
}

def hlsl_pack_low : HLSLBuiltin<"pack_low", "__builtin_hlsl_pack_low"> {
  let Args = [VectorType<Int16Ty, 2>];
  let ReturnType = IntTy;
}

def hlsl_barrier : HLSLBuiltin<"GroupMemoryBarrier", "__builtin_hlsl_group_memory_barrier"> {
  let IsConvergent = 1;
}

def hlsl_refract : HLSLDetail<"refract", "refract_impl"> {
  let Doc = [{
\fn T refract(T I, T N, T eta)

\param eta The index.
  }];
  let Args = [Varying, Varying, VaryingElemType];
  let ParamNames = ["I", "N", "eta"];
  let ReturnType = Varying;
  let VaryingScalar = 1;
  let VaryingVecSizes = [3, 2];
  let VaryingTypes = [FloatTy, HalfTy];
}

def hlsl_lerp : HLSLDetail<"lerp", "lerp_impl"> {
  let Args = [Varying, Varying, Varying];
  let ReturnType = Varying;
  let IsConstexpr = 1;
  let VaryingVecSizes = [2];
  let VaryingMatDims = [Mat3x3];
  let VaryingTypes = [HalfTy, Int16Ty];
  let Availability = SM6_2;
}

def hlsl_abs_unsigned : HLSLBuiltin<"abs"> {
  let Body = "return p0;";
  let IsConstexpr = 1;
  let Args = [Varying];
  let ReturnType = Varying;
  let VaryingScalar = 1;
  let VaryingVecSizes = [2];
  let VaryingTypes = [UIntTy, UInt16Ty];
}

def hlsl_check : HLSLBuiltin<"CheckAccessFullyMapped"> {
  let Body = [{return static_cast<bool>(Status);}];
  let Args = [UIntTy];
  let ParamNames = ["Status"];
  let ReturnType = BoolTy;
  let Availability = SM6_5;
}

def hlsl_both : HLSLDetail<"both", "both_impl"> {
  let Body = "return 0;";
  let Builtin = "__builtin_unused";
  let Args = [Int16Ty, HalfTy];
  let ReturnType = VoidTy;
}

def hlsl_noargs : HLSLBuiltin<"noargs"> {
  let Body = "return;";
}
