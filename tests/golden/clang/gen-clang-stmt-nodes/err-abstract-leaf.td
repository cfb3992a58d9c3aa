// An abstract node without children.
// ARGS: -gen-clang-stmt-nodes
class StmtNode<StmtNode base, bit abstract = 0> { StmtNode Base = base; bit Abstract = abstract; }
def Stmt : StmtNode<?, 1>;
def NullStmt : StmtNode<Stmt>;
def Hollow : StmtNode<Stmt, 1>;
