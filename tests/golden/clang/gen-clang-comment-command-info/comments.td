// The sample comment tags, named character references and commands.
// ARGS: -gen-clang-comment-command-info -I ../inc
include "Comments.td"
