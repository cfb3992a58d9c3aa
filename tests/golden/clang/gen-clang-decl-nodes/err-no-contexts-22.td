// Without a DeclContext class: LLVM 20 on prioritizes nothing, but the contexts need the class.
// ARGS: -gen-clang-decl-nodes
// RELEASE: 22
class DeclNode<DeclNode base, bit abstract = 0> { DeclNode Base = base; bit Abstract = abstract; }
def Decl : DeclNode<?, 1>;
def Var : DeclNode<Decl>;
def Function : DeclNode<Decl>;
