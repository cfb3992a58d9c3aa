// A small model of clang's comment .td files (clang/include/clang/AST/CommentHTMLTags.td,
// CommentHTMLNamedCharacterReferences.td, CommentCommands.td).
class Tag<string spelling> {
  string Spelling = spelling;
  bit EndTagOptional = 0;
  bit EndTagForbidden = 0;
}
def Em : Tag<"em">;
def Strong : Tag<"strong">;
def Br : Tag<"br"> { let EndTagForbidden = 1; }
def P : Tag<"p"> { let EndTagOptional = 1; }
def Li : Tag<"li"> { let EndTagOptional = 1; }
def Img : Tag<"img"> { let EndTagForbidden = 1; }
def Table : Tag<"table">;

class NCR<string spelling, int codePoint> {
  string Spelling = spelling;
  int CodePoint = codePoint;
}
def : NCR<"copy", 0x000A9>;
def : NCR<"amp", 0x00026>;
def : NCR<"tab", 0x9>;
def : NCR<"euro", 0x020AC>;
def : NCR<"emoji", 0x1F600>;
def : NCR<"lt", 0x0003C>;

class Command<string name> {
  string Name = name;
  string EndCommandName = "";
  int NumArgs = 0;
  bit IsInlineCommand = 0;
  bit IsBlockCommand = 0;
  bit IsBriefCommand = 0;
  bit IsReturnsCommand = 0;
  bit IsParamCommand = 0;
  bit IsTParamCommand = 0;
  bit IsThrowsCommand = 0;
  bit IsDeprecatedCommand = 0;
  bit IsHeaderfileCommand = 0;
  bit IsParCommand = 0;
  bit IsEmptyParagraphAllowed = 0;
  bit IsVerbatimBlockCommand = 0;
  bit IsVerbatimBlockEndCommand = 0;
  bit IsVerbatimLineCommand = 0;
  bit IsDeclarationCommand = 0;
  bit IsFunctionDeclarationCommand = 0;
  bit IsRecordLikeDetailCommand = 0;
  bit IsRecordLikeDeclarationCommand = 0;
}
class InlineCommand<string name> : Command<name> { let NumArgs = 1; let IsInlineCommand = 1; }
class BlockCommand<string name> : Command<name> { let IsBlockCommand = 1; }
class VerbatimBlockCommand<string name, string endCommandName> : Command<name> {
  let EndCommandName = endCommandName;
  let IsVerbatimBlockCommand = 1;
}
def B : InlineCommand<"b">;
def Brief : BlockCommand<"brief"> { let IsBriefCommand = 1; }
def Param : BlockCommand<"param"> { let IsParamCommand = 1; let NumArgs = 0; }
def Deprecated : BlockCommand<"deprecated"> {
  let IsEmptyParagraphAllowed = 1;
  let IsDeprecatedCommand = 1;
}
def Code : VerbatimBlockCommand<"code", "endcode">;
def FDollar : VerbatimBlockCommand<"f$", "f$">;
def FBrace : VerbatimBlockCommand<"f{", "f}">;
def FSquare : VerbatimBlockCommand<"f[", "f]">;
def FParen : VerbatimBlockCommand<"f(", "f)">;
def Slash : Command<"/">;
