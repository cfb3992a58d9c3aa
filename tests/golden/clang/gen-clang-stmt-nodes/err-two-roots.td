// Two nodes without a base.
// ARGS: -gen-clang-stmt-nodes
// RELEASE: 22
class StmtNode<StmtNode base, bit abstract = 0> { StmtNode Base = base; bit Abstract = abstract; }
def Stmt : StmtNode<?, 1>;
def Other : StmtNode<?>;
