//! `-gen-clang-comment-command-info` (`CommentCommandInfo.inc`): the table of the commands of
//! documentation comments (`Command` defs: name, end command, arguments, kind bits) and
//! `getBuiltinCommandInfo`, which finds one by name.

use super::comment_matcher;
use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::records::derived_definitions;
use tdq_models::Fields;

pub struct GenClangCommentCommandInfo;

/// The bits of a `Command`, in the order of `CommandInfo`'s fields.
const BITS: [&str; 18] = [
    "IsInlineCommand",
    "IsBlockCommand",
    "IsBriefCommand",
    "IsReturnsCommand",
    "IsParamCommand",
    "IsTParamCommand",
    "IsThrowsCommand",
    "IsDeprecatedCommand",
    "IsHeaderfileCommand",
    "IsParCommand",
    "IsEmptyParagraphAllowed",
    "IsVerbatimBlockCommand",
    "IsVerbatimBlockEndCommand",
    "IsVerbatimLineCommand",
    "IsDeclarationCommand",
    "IsFunctionDeclarationCommand",
    "IsRecordLikeDetailCommand",
    "IsRecordLikeDeclarationCommand",
];

impl Backend for GenClangCommentCommandInfo {
    fn name(&self) -> &'static str {
        "gen-clang-comment-command-info"
    }
    fn help(&self) -> &'static str {
        "Generate command properties for commands that are used in documentation comments"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(
            &mut s,
            "A list of commands useable in documentation comments",
            Some(&options.input_filename),
        );
        s.push_str("namespace {\nconst CommandInfo Commands[] = {\n");
        let commands = derived_definitions(input, "Command")?;
        for (i, &command) in commands.iter().enumerate() {
            let name = f.string(command, "Name")?;
            let end = f.string(command, "EndCommandName")?;
            s.push_str(&format!("  {{ \"{name}\", \"{end}\", {i}, {}, ", f.int(command, "NumArgs")?));
            for bit in BITS {
                s.push_str(&format!("{}, ", u8::from(f.bit(command, bit)?)));
            }
            s.push_str("0 }");
            if i + 1 != commands.len() {
                s.push(',');
            }
            s.push('\n');
        }
        s.push_str("};\n} // unnamed namespace\n\n");
        let mut matches = Vec::new();
        for (i, &command) in commands.iter().enumerate() {
            matches.push((f.string(command, "Name")?.to_string(), format!("return &Commands[{i}];")));
        }
        s.push_str("const CommandInfo *CommandTraits::getBuiltinCommandInfo(\n                                         StringRef Name) {\n");
        comment_matcher(&matches, &mut s)?;
        s.push_str("  return nullptr;\n}\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
