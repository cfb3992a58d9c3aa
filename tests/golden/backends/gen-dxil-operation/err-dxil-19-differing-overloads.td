// DXIL operation mappings (LLVM 19): two differing overload types in one operation end with
// report_fatal_error without a crash report (LLVM ERROR, exit status 1).
// RELEASE: 19
// ARGS: --gen-dxil-operation -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/IR/Intrinsics.td"

class DXILOpClass;
def unary : DXILOpClass;
def binary : DXILOpClass;
def isSpecialFloat : DXILOpClass;
def threadId : DXILOpClass;
def UnknownOpClass : DXILOpClass;

class DXILType : LLVMType<OtherVT> {
  let isAny = 1;
  int isI16OrI32 = 0;
  int isHalfOrFloat = 0;
}
let isI16OrI32 = 1 in def llvm_i16ori32_ty : DXILType;
let isHalfOrFloat = 1 in def llvm_halforfloat_ty : DXILType;

def int_test_fabs : DefaultAttrsIntrinsic<[llvm_anyfloat_ty], [LLVMMatchType<0>], [IntrNoMem]>;
def int_test_load : Intrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrReadMem, IntrWillReturn]>;
def int_test_umax : Intrinsic<[llvm_anyint_ty], [LLVMMatchType<0>, LLVMMatchType<0>]>;

class DXILOpMappingBase {
  int OpCode = 0;
  DXILOpClass OpClass = UnknownOpClass;
  Intrinsic LLVMIntrinsic = ?;
  string Doc = "";
  list<LLVMType> OpTypes = ?;
}
class DXILOpMapping<int opCode, DXILOpClass opClass, Intrinsic intrinsic, string doc,
                    list<LLVMType> opTys = []> : DXILOpMappingBase {
  int OpCode = opCode;
  DXILOpClass OpClass = opClass;
  Intrinsic LLVMIntrinsic = intrinsic;
  string Doc = doc;
  list<LLVMType> OpTypes = !if(!eq(!size(opTys), 0), LLVMIntrinsic.Types, opTys);
}

def UMax : DXILOpMapping<40, binary, int_test_umax, "unsigned maximum", [llvm_i16ori32_ty, LLVMMatchType<0>, LLVMMatchType<0>]>;
def Abs : DXILOpMapping<6, unary, int_test_fabs, "absolute value">;
def IsInf : DXILOpMapping<9, isSpecialFloat, int_test_fabs, "whether infinite", [llvm_i1_ty, llvm_halforfloat_ty]>;
def Load : DXILOpMapping<12, unary, int_test_load, "a load", [llvm_i32_ty, llvm_i32_ty]>;
def ThreadId : DXILOpMapping<93, threadId, int_test_load, "thread id", [llvm_i32_ty]>;
def Sin : DXILOpMapping<13, unary, int_test_fabs, "sine", [llvm_halforfloat_ty, LLVMMatchType<0>]>;
def Bad : DXILOpMapping<14, binary, int_test_umax, "two overloads", [llvm_i16ori32_ty, llvm_halforfloat_ty]>;
