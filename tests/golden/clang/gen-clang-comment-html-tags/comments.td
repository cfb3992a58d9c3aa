// The sample comment tags, named character references and commands.
// ARGS: -gen-clang-comment-html-tags -I ../inc
include "Comments.td"
