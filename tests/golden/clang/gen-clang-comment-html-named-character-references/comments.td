// The sample comment tags, named character references and commands.
// ARGS: -gen-clang-comment-html-named-character-references -I ../inc
include "Comments.td"
