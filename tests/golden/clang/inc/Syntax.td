// A small model of clang's Tooling/Syntax/Syntax.td and Nodes.td.
class Syntax;
class Optional<Syntax inner_> : Syntax { Syntax inner = inner_; }
class AnyToken<list<string> kinds_> : Syntax { list<string> kinds = kinds_; }
class Token<string kind_> : AnyToken<[kind_]>;
class NodeType : Syntax {
  NodeType base = ?;
  string documentation;
}
class External<NodeType base_> : NodeType { let base = base_; }
def Node : External<?> {}
def Leaf : External<Node> {}
def Tree : External<Node> {}
class Alternatives<NodeType base_ = Tree> : NodeType { let base = base_; }
class Unconstrained<NodeType base_ = Tree> : NodeType { let base = base_; }
class Role<string role_, Syntax syntax_> {
  string role = role_;
  Syntax syntax = syntax_;
}
class Sequence<NodeType base_ = Tree> : NodeType {
  let base = base_;
  list<Role> children;
}
def Expression : Alternatives {
  let documentation = [{
    A base class for all expressions.

      Note: indented further.
  }];
}
def UnknownExpression : Unconstrained<Expression> { let documentation = [{ An unknown expression. }]; }
def ParenExpression : Sequence<Expression> {
  let documentation = [{Parentheses.}];
  let children = [Role<"OpenParen", Token<"l_paren">>, Role<"SubExpression", Expression>,
                  Role<"CloseParen", Optional<Token<"r_paren">>>];
}
def Statement : Alternatives { let documentation = ""; }
def EmptyStatement : Sequence<Statement> { let documentation = [{

   Empty.
}]; let children = []; }
