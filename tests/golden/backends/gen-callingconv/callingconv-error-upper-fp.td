// CCPromoteToUpperBitsInType to a floating-point type.
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def CC : CallingConv<[CCIfType<[f16], CCPromoteToUpperBitsInType<f32>>]>;
