// No node without a base.
// ARGS: -gen-clang-comment-nodes
class CommentNode<CommentNode base, bit abstract = 0> { CommentNode Base = base; bit Abstract = abstract; }
