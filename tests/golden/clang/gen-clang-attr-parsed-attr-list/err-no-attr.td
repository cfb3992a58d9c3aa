// There is no Attr class.
// ARGS: -gen-clang-attr-parsed-attr-list -I ../inc
def X;
