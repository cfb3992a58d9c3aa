// The sample comment tags, named character references and commands.
// ARGS: -gen-clang-comment-html-tags-properties -I ../inc
include "Comments.td"
