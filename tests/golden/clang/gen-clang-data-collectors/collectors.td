// Each class's Code, in class name order, unquoted.
// ARGS: -gen-clang-data-collectors
class Stmt { code Code = [{ addData(S->getStmtClass()); }]; }
class Expr { code Code = [{
  addData(E->getType());
}]; }
class DeclRefExpr { string Code = "addData(E->getDecl());"; }
class AsmStmt { code Code = ?; }
def NotAClass { code Code = [{ ignored }]; }
