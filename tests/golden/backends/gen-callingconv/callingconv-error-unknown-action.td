// An action of no kind the backend knows: LLVM prints the record, then the error.
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include
include "llvm/Target/Target.td"
def R0 : Register<"r0">;
class CCIfMine<CCAction A> : CCPredicateAction<A>;
def CC_Mine : CallingConv<[CCIfMine<CCAssignToReg<[R0]>>]>;
