// A small model of clang's DeclNodes.td, StmtNodes.td and CommentNodes.td: node classes with a
// Base and an Abstract bit, declaration contexts.
class ASTNode;
class AttrSubject;
class DeclNode<DeclNode base, string diagSpelling = "", bit abstract = 0> : ASTNode, AttrSubject {
  DeclNode Base = base;
  bit Abstract = abstract;
  string DiagSpelling = diagSpelling;
}
class DeclContext {}
def Decl : DeclNode<?, "", 1>;
def TranslationUnit : DeclNode<Decl>, DeclContext;
def Named : DeclNode<Decl, "named declarations", 1>;
def Namespace : DeclNode<Named, "namespaces">, DeclContext;
def Value : DeclNode<Named, "", 1>;
def Declarator : DeclNode<Value, "", 1>;
def Var : DeclNode<Declarator, "variables">;
def ParmVar : DeclNode<Var, "parameters">;
def Function : DeclNode<Declarator, "functions">, DeclContext;
def CXXMethod : DeclNode<Function>;
def Field : DeclNode<Declarator, "non-static data members">;
def Block : DeclNode<Decl, "blocks">, DeclContext;
def Empty : DeclNode<Decl>;

class StmtNode<StmtNode base, bit abstract = 0> : ASTNode, AttrSubject {
  StmtNode Base = base;
  bit Abstract = abstract;
}
def Stmt : StmtNode<?, 1>;
def NullStmt : StmtNode<Stmt>;
def CompoundStmt : StmtNode<Stmt>;
def ValueStmt : StmtNode<Stmt, 1>;
def Expr : StmtNode<ValueStmt, 1>;
def CallExpr : StmtNode<Expr>;
def CXXMemberCallExpr : StmtNode<CallExpr>;
def DeclRefExpr : StmtNode<Expr>;
def LabelStmt : StmtNode<ValueStmt>;

class CommentNode<CommentNode base, bit abstract = 0> : ASTNode {
  CommentNode Base = base;
  bit Abstract = abstract;
}
def Comment : CommentNode<?, 1>;
def InlineContentComment : CommentNode<Comment, 1>;
def TextComment : CommentNode<InlineContentComment>;
def FullComment : CommentNode<Comment>;
