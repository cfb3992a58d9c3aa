// Two generic types of different numbers of vector sizes in one signature, the builtin made
// by a multiclass: the error is at the def, with a note at the defm.
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLBase.td"

def Int   : Type<"int",   QualType<"Context.IntTy">>;
def Float : Type<"float", QualType<"Context.FloatTy">>;
def VecAndScalar : IntList<"VecAndScalar", [1, 2, 3, 4, 8, 16]>;
def Vec24        : IntList<"Vec24", [2, 4]>;
def IGenTypeN : GenericType<"IGenTypeN", TypeList<[Int]>, VecAndScalar>;
def FGenType24 : GenericType<"FGenType24", TypeList<[Float]>, Vec24>;

def : Builtin<"fine", [IGenTypeN, IGenTypeN, Int]>;
multiclass Convert<string name> {
  def : Builtin<name, [IGenTypeN, FGenType24]>;
}
defm : Convert<"convert">;
