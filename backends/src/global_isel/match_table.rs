//! The GlobalISel match table as written (LLVM's `MatchTable` and `MatchTableRecord`): a list
//! of records (opcodes, values, comments, labels, jump targets, line breaks), each a number of
//! bytes of the `uint8_t` array, laid out and printed as `getMatchTable()`'s body. Shared by
//! `--gen-global-isel-combiner` and, later, `--gen-global-isel`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use tdq_core::ByRelease;

/// What a release's match table looks like where releases differ.
pub struct TableForm {
    /// Each line of the table starts with the byte index of its first entry (`/* 12 */`),
    /// right-aligned to the width of the table's size (LLVM 19: indentation only).
    pub index_comments: bool,
    /// How a negative value of a one-byte `IntValue` is written.
    pub negative_bytes: NegativeBytes,
    /// The `GIMT_EncodeN` macros' bodies.
    pub encode_macros: EncodeMacros,
}

/// How a negative one-byte value is written.
#[derive(Clone, Copy)]
pub enum NegativeBytes {
    /// `uint8_t(-1)` (LLVM 19).
    Cast,
    /// Its unsigned value, `255`.
    Unsigned,
}

/// How `GIMT_EncodeN(Val)` takes its value apart.
#[derive(Clone, Copy)]
pub enum EncodeMacros {
    /// `uint8_t((uint16_t)Val >> 8)` (LLVM 19).
    CastThenShift,
    /// `uint8_t((Val) >> 8)`, with `uint64_t(Val)` for the upper four bytes.
    ParenthesisedShift,
}

const FORM_19: TableForm = TableForm {
    index_comments: false,
    negative_bytes: NegativeBytes::Cast,
    encode_macros: EncodeMacros::CastThenShift,
};
const FORM_22: TableForm = TableForm {
    index_comments: true,
    negative_bytes: NegativeBytes::Unsigned,
    encode_macros: EncodeMacros::ParenthesisedShift,
};

/// The match table's form in each release.
pub const FORM: ByRelease<TableForm> = ByRelease { v19: FORM_19, v22: FORM_22, v23: FORM_22 };

/// What a record is and how it is printed (`MatchTableRecord::RecordFlagsBits`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Flags {
    comment: bool,
    comma_follows: bool,
    line_break_follows: bool,
    label: bool,
    jump_target: bool,
    indent: bool,
    outdent: bool,
    pre_encoded: bool,
}

/// One entry of the table (`MatchTableRecord`): its text, how many bytes it takes and how it
/// is printed.
#[derive(Clone)]
pub struct Record {
    label: Option<u32>,
    text: String,
    bytes: u32,
    flags: Flags,
}

impl Record {
    /// `MatchTable::LineBreak`.
    pub fn line_break() -> Record {
        Record {
            label: None,
            text: String::new(),
            bytes: 0,
            flags: Flags { line_break_follows: true, ..Flags::default() },
        }
    }

    /// `MatchTable::Comment`: text between `/*` and `*/` (or after `// ` at a line's end).
    pub fn comment(text: impl Into<String>) -> Record {
        Record { label: None, text: text.into(), bytes: 0, flags: Flags { comment: true, ..Flags::default() } }
    }

    /// `MatchTable::Opcode`: a one-byte opcode (`GIM_...`); `indent` > 0 indents the lines after
    /// it, < 0 outdents them.
    pub fn opcode(name: impl Into<String>, indent: i32) -> Record {
        let flags = Flags { comma_follows: true, indent: indent > 0, outdent: indent < 0, ..Flags::default() };
        Record { label: None, text: name.into(), bytes: 1, flags }
    }

    /// `MatchTable::NamedValue`: a value written by name over `bytes` bytes.
    pub fn named_value(bytes: u32, name: impl Into<String>) -> Record {
        Record { label: None, text: name.into(), bytes, flags: Flags { comma_follows: true, ..Flags::default() } }
    }

    /// `MatchTable::IntValue`: an integer over `bytes` bytes.
    pub fn int_value(form: &TableForm, bytes: u32, value: i64) -> Record {
        let text = match form.negative_bytes {
            NegativeBytes::Cast if bytes == 1 && value < 0 => format!("uint8_t({value})"),
            NegativeBytes::Cast => value.to_string(),
            NegativeBytes::Unsigned => {
                let mut unsigned = value as u64;
                if bytes < 8 {
                    unsigned &= (1u64 << (bytes * 8)) - 1;
                }
                if unsigned > i64::MAX as u64 {
                    format!("{unsigned}u")
                } else {
                    unsigned.to_string()
                }
            }
        };
        Record::named_value(bytes, text)
    }

    /// `MatchTable::ULEB128Value`: a value in as many bytes as its ULEB128 encoding takes.
    pub fn uleb128(value: u64) -> Record {
        let mut encoded = Vec::new();
        crate::common::leb128::encode_uleb128(value, &mut encoded);
        if let [byte] = encoded[..] {
            return Record::named_value(1, byte.to_string());
        }
        let mut text = format!("/* {value}(*/");
        for (i, byte) in encoded.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            let _ = write!(text, "0x{byte:02X}");
        }
        text.push_str("/*)*/");
        let flags = Flags { comma_follows: true, pre_encoded: true, ..Flags::default() };
        Record { label: None, text, bytes: encoded.len() as u32, flags }
    }

    /// `MatchTable::Label`: defines label `id` here (`// Label N: @INDEX`).
    pub fn label(id: u32) -> Record {
        let flags = Flags { label: true, comment: true, line_break_follows: true, ..Flags::default() };
        Record { label: Some(id), text: format!("Label {id}"), bytes: 0, flags }
    }

    /// `MatchTable::JumpTarget`: the index of label `id`, four bytes.
    pub fn jump_target(id: u32) -> Record {
        let flags = Flags { jump_target: true, comment: true, comma_follows: true, ..Flags::default() };
        Record { label: Some(id), text: format!("Label {id}"), bytes: 4, flags }
    }

    /// `turnIntoComment`: kept in the text, no longer in the table's bytes.
    pub fn into_comment(mut self) -> Record {
        self.flags.comment = true;
        self.flags.comma_follows = false;
        self.bytes = 0;
        self
    }

    fn is_bare_line_break(&self) -> bool {
        self.text.is_empty() && self.flags == Flags { line_break_follows: true, ..Flags::default() }
    }

    /// `MatchTableRecord::emit`.
    fn emit(&self, out: &mut String, line_break_next: bool, table: &MatchTable) {
        let flags = self.flags;
        let line_comment = (line_break_next || flags.line_break_follows) && !(flags.jump_target || flags.comma_follows);
        if flags.comment {
            out.push_str(if line_comment { "// " } else { "/*" });
        }
        if self.bytes > 1 && !(flags.pre_encoded || flags.comment) {
            encoded(out, &self.text, self.bytes);
        } else {
            out.push_str(&self.text);
        }
        if flags.label {
            let _ = write!(out, ": @{}", table.label_index(self.label));
        }
        if flags.comment && !line_comment {
            out.push_str("*/");
        }
        if flags.jump_target {
            if flags.comment {
                out.push(' ');
            }
            encoded(out, &table.label_index(self.label).to_string(), self.bytes);
        }
        if flags.comma_follows {
            out.push(',');
            if !line_break_next && !flags.line_break_follows {
                out.push(' ');
            }
        }
        if flags.line_break_follows {
            out.push('\n');
        }
    }
}

/// `GIMT_EncodeN(VALUE)`.
fn encoded(out: &mut String, value: &str, bytes: u32) {
    let _ = write!(out, "GIMT_Encode{bytes}({value})");
}

/// A match table being built, then printed (`MatchTable`).
pub struct MatchTable {
    id: u32,
    records: Vec<Record>,
    /// Each defined label's byte index.
    labels: BTreeMap<u32, u32>,
    size: u32,
    next_label: u32,
    /// Whether the table is a combiner's (rules are disabled by a simple predicate).
    pub is_combiner: bool,
}

impl MatchTable {
    pub fn new(id: u32, is_combiner: bool) -> MatchTable {
        MatchTable { id, records: Vec::new(), labels: BTreeMap::new(), size: 0, next_label: 0, is_combiner }
    }

    /// `push_back`: a label record defines its label at the current size.
    pub fn push(&mut self, record: Record) -> &mut MatchTable {
        if record.flags.label {
            if let Some(id) = record.label {
                self.labels.entry(id).or_insert(self.size);
            }
        }
        self.size += record.bytes;
        self.records.push(record);
        self
    }

    /// `allocateLabelID`.
    pub fn allocate_label(&mut self) -> u32 {
        self.next_label += 1;
        self.next_label - 1
    }

    /// The table's size in bytes.
    pub fn size(&self) -> u32 {
        self.size
    }

    fn label_index(&self, label: Option<u32>) -> u32 {
        label.and_then(|id| self.labels.get(&id).copied()).unwrap_or(0)
    }

    /// `emitUse`: the table's name.
    pub fn name(&self) -> String {
        format!("MatchTable{}", self.id)
    }

    /// `emitDeclaration`: the `constexpr static uint8_t MatchTableN[] = {...};` array.
    pub fn emit_declaration(&self, out: &mut String, form: &TableForm) {
        const BASE_INDENT: usize = 4;
        let _ = write!(out, "  constexpr static uint8_t MatchTable{}[] = {{", self.id);
        Record::line_break().emit(out, true, self);
        let index_width = self.size.to_string().len();
        let mut indentation = 0usize;
        let mut index = 0u32;
        let begin_line = |out: &mut String, index: u32, indentation: usize| {
            if form.index_comments {
                let _ = write!(out, "{:BASE_INDENT$} /* {index:>index_width$} */ {:indentation$}", "", "");
            } else {
                let _ = write!(out, "{:width$}", "", width = BASE_INDENT + indentation);
            }
        };
        begin_line(out, index, indentation);
        for (i, record) in self.records.iter().enumerate() {
            let line_break_next = self.records.get(i + 1).is_some_and(Record::is_bare_line_break);
            if record.flags.indent {
                indentation += 2;
            }
            record.emit(out, line_break_next, self);
            index += record.bytes;
            if record.flags.line_break_follows {
                // LLVM 19 starts the line before counting the record's bytes; the index is
                // not printed there.
                begin_line(out, index, indentation);
            }
            if record.flags.outdent {
                indentation = indentation.saturating_sub(2);
            }
        }
        let _ = writeln!(out, "}}; // Size: {} bytes", self.size);
    }
}

/// `emitEncodingMacrosDef`: the `GIMT_EncodeN` macros for either byte order.
pub fn encoding_macros_def(out: &mut String, form: &TableForm) {
    out.push_str("#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__\n");
    match form.encode_macros {
        EncodeMacros::CastThenShift => out.push_str(concat!(
            "#define GIMT_Encode2(Val) uint8_t(Val), uint8_t((uint16_t)Val >> 8)\n",
            "#define GIMT_Encode4(Val) uint8_t(Val), uint8_t((uint32_t)Val >> 8), uint8_t((uint32_t)Val >> 16), uint8_t((uint32_t)Val >> 24)\n",
            "#define GIMT_Encode8(Val) uint8_t(Val), uint8_t((uint64_t)Val >> 8), uint8_t((uint64_t)Val >> 16), uint8_t((uint64_t)Val >> 24),  uint8_t((uint64_t)Val >> 32), uint8_t((uint64_t)Val >> 40), uint8_t((uint64_t)Val >> 48), uint8_t((uint64_t)Val >> 56)\n",
            "#else\n",
            "#define GIMT_Encode2(Val) uint8_t((uint16_t)Val >> 8), uint8_t(Val)\n",
            "#define GIMT_Encode4(Val) uint8_t((uint32_t)Val >> 24), uint8_t((uint32_t)Val >> 16), uint8_t((uint32_t)Val >> 8), uint8_t(Val)\n",
            "#define GIMT_Encode8(Val) uint8_t((uint64_t)Val >> 56), uint8_t((uint64_t)Val >> 48), uint8_t((uint64_t)Val >> 40), uint8_t((uint64_t)Val >> 32),  uint8_t((uint64_t)Val >> 24), uint8_t((uint64_t)Val >> 16), uint8_t((uint64_t)Val >> 8), uint8_t(Val)\n",
        )),
        EncodeMacros::ParenthesisedShift => out.push_str(concat!(
            "#define GIMT_Encode2(Val) uint8_t(Val), uint8_t((Val) >> 8)\n",
            "#define GIMT_Encode4(Val) uint8_t(Val), uint8_t((Val) >> 8), uint8_t((Val) >> 16), uint8_t((Val) >> 24)\n",
            "#define GIMT_Encode8(Val) uint8_t(Val), uint8_t((Val) >> 8), uint8_t((Val) >> 16), uint8_t((Val) >> 24),  uint8_t(uint64_t(Val) >> 32), uint8_t(uint64_t(Val) >> 40), uint8_t(uint64_t(Val) >> 48), uint8_t(uint64_t(Val) >> 56)\n",
            "#else\n",
            "#define GIMT_Encode2(Val) uint8_t((Val) >> 8), uint8_t(Val)\n",
            "#define GIMT_Encode4(Val) uint8_t((Val) >> 24), uint8_t((Val) >> 16), uint8_t((Val) >> 8), uint8_t(Val)\n",
            "#define GIMT_Encode8(Val) uint8_t(uint64_t(Val) >> 56), uint8_t(uint64_t(Val) >> 48), uint8_t(uint64_t(Val) >> 40), uint8_t(uint64_t(Val) >> 32),  uint8_t((Val) >> 24), uint8_t((Val) >> 16), uint8_t((Val) >> 8), uint8_t(Val)\n",
        )),
    }
    out.push_str("#endif\n");
}

/// `emitEncodingMacrosUndef`.
pub fn encoding_macros_undef(out: &mut String) {
    out.push_str("#undef GIMT_Encode2\n#undef GIMT_Encode4\n#undef GIMT_Encode8\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use tdq_core::Release;

    fn sample() -> MatchTable {
        let mut table = MatchTable::new(0, true);
        let label = table.allocate_label();
        table.push(Record::opcode("GIM_Try", 1)).push(Record::comment("On fail goto"));
        table.push(Record::jump_target(label)).push(Record::line_break());
        table.push(Record::opcode("GIM_CheckNumOperands", 0)).push(Record::uleb128(0)).push(Record::uleb128(300));
        table.push(Record::line_break());
        table.push(Record::opcode("GIR_Done", -1)).push(Record::line_break());
        table.push(Record::label(label)).push(Record::opcode("GIM_Reject", 0)).push(Record::line_break());
        table
    }

    #[test]
    fn lines_carry_their_byte_index_from_llvm_22() {
        let mut out = String::new();
        sample().emit_declaration(&mut out, FORM.get(Release::V22));
        assert_eq!(
            out,
            "  constexpr static uint8_t MatchTable0[] = {\n     /*  0 */ GIM_Try, /*On fail goto*//*Label 0*/ GIMT_Encode4(10),\n     /*  5 */   GIM_CheckNumOperands, 0, /* 300(*/0xAC, 0x02/*)*/,\n     /*  9 */   GIR_Done,\n     /* 10 */ // Label 0: @10\n     /* 10 */ GIM_Reject,\n     /* 11 */ }; // Size: 11 bytes\n"
        );
        let mut out = String::new();
        sample().emit_declaration(&mut out, FORM.get(Release::V19));
        assert!(out.starts_with("  constexpr static uint8_t MatchTable0[] = {\n    GIM_Try, "), "{out}");
    }

    #[test]
    fn negative_bytes() {
        assert_eq!(Record::int_value(FORM.get(Release::V19), 1, -1).text, "uint8_t(-1)");
        assert_eq!(Record::int_value(FORM.get(Release::V22), 1, -1).text, "255");
        assert_eq!(Record::int_value(FORM.get(Release::V22), 8, -1).text, "18446744073709551615u");
    }
}
