// The sample comment tags, named character references and commands.
// ARGS: -gen-clang-comment-command-list -I ../inc
include "Comments.td"
