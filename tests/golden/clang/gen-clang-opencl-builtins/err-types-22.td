// Two generic types of different numbers of types in one signature.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLBase.td"

def Int   : Type<"int",   QualType<"Context.IntTy">>;
def UInt  : Type<"uint",  QualType<"Context.UnsignedIntTy">>;
def Float : Type<"float", QualType<"Context.FloatTy">>;
def Vec1 : IntList<"Vec1", [1]>;
def TwoTypes   : GenericType<"TwoTypes", TypeList<[Int, UInt]>, Vec1>;
def ThreeTypes : GenericType<"ThreeTypes", TypeList<[Int, UInt, Float]>, Vec1>;

def : Builtin<"mixed", [TwoTypes, Int, ThreeTypes]>;
