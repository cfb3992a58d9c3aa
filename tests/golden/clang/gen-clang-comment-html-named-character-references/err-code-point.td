// Code points that are none (a surrogate, past U+10FFFF): reported, left out, the rest written.
// ARGS: -gen-clang-comment-html-named-character-references
// RELEASE: 22
class NCR<string spelling, int codePoint> {
  string Spelling = spelling;
  int CodePoint = codePoint;
}
def : NCR<"ok", 0x41>;
def Surrogate : NCR<"surrogate", 0xD800>;
def Big : NCR<"big", 0x110000>;
def Wrapped : NCR<"wrapped", 0x100000041>;
