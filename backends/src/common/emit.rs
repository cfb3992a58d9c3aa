//! C++ emission helpers LLVM's emitters share: the generated-file banner
//! (`emitSourceFileHeader`), `#ifdef GET_*` sections, enum blocks, and the offset tables
//! (`SequenceToOffsetTable`, `StringToOffsetTable`) that pack sequences and strings into one
//! array.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use tdq_core::ByRelease;

/// `emitSourceFileHeader(Desc, OS, Records)`: the banner every generated C++ file starts
/// with. `input` is the input file's name as given (its last component is shown as
/// `From: NAME`); `None` for the emitters that pass no records and so name no file.
pub fn source_file_header(out: &mut String, desc: &str, input: Option<&str>) {
    const WIDTH: usize = 80;
    fn line(out: &mut String, prefix: &str, fill: char, suffix: &str) {
        out.push_str(prefix);
        for _ in prefix.len()..WIDTH.saturating_sub(suffix.len()) {
            out.push(fill);
        }
        out.push_str(suffix);
        out.push('\n');
    }
    let (prefix, suffix) = ("|* ", " *|");
    line(out, "/*===- TableGen'erated file ", '-', "*- C++ -*-===*\\");
    line(out, prefix, ' ', suffix);
    let room = WIDTH - prefix.len() - suffix.len();
    let bytes = desc.as_bytes();
    let mut pos = 0;
    loop {
        let end = (pos + room).min(bytes.len());
        line(out, &format!("{prefix}{}", String::from_utf8_lossy(&bytes[pos..end])), ' ', suffix);
        pos = end;
        if pos >= bytes.len() {
            break;
        }
    }
    line(out, prefix, ' ', suffix);
    line(out, &format!("{prefix}Automatically generated file, do not edit!"), ' ', suffix);
    if let Some(input) = input.filter(|i| !i.is_empty()) {
        let file = input.rsplit('/').next().unwrap_or(input);
        line(out, &format!("{prefix}From: {file}"), ' ', suffix);
    }
    line(out, prefix, ' ', suffix);
    line(out, "\\*===", '-', "===*/");
    out.push('\n');
}

/// A `#ifdef NAME` ... `#endif` section; `undef` adds LLVM's `#undef NAME` after the
/// `#ifdef`, so that the header can be included once per section.
pub fn ifdef_section(out: &mut String, name: &str, undef: bool, body: impl FnOnce(&mut String)) {
    let _ = writeln!(out, "#ifdef {name}");
    if undef {
        let _ = writeln!(out, "#undef {name}");
    }
    body(out);
    out.push_str("#endif\n");
}

/// LLVM 23's `IfDefEmitter` (CodeGenHelpers.h): `#ifdef NAME`, `#undef NAME` (after the
/// body with `late_undef`), a blank line either side of the body, `#endif // NAME`.
pub fn ifdef_block(out: &mut String, name: &str, late_undef: bool, body: impl FnOnce(&mut String)) {
    let _ = writeln!(out, "#ifdef {name}");
    if !late_undef {
        let _ = writeln!(out, "#undef {name}");
    }
    out.push('\n');
    body(out);
    out.push('\n');
    if late_undef {
        let _ = writeln!(out, "#undef {name}");
    }
    let _ = write!(out, "#endif // {name}\n\n");
}

/// LLVM 23's `IncludeGuardEmitter`: `#ifndef`/`#define NAME`, the body, `#endif // NAME`.
pub fn include_guard(out: &mut String, name: &str, body: impl FnOnce(&mut String)) {
    let _ = write!(out, "#ifndef {name}\n#define {name}\n\n");
    body(out);
    let _ = write!(out, "\n#endif // {name}\n\n");
}

/// LLVM 23's `NamespaceEmitter`: `namespace NAME {` around the body (nothing for an empty
/// name; a leading `::` dropped).
pub fn namespace(out: &mut String, name: &str, body: impl FnOnce(&mut String)) {
    let name = name.strip_prefix("::").unwrap_or(name);
    if !name.is_empty() {
        let _ = write!(out, "namespace {name} {{\n\n");
    }
    body(out);
    if !name.is_empty() {
        let _ = writeln!(out, "\n}} // namespace {name}");
    }
}

/// LLVM's `raw_ostream::write_escaped`: `\`, tab, newline and `"` escaped, other unprintable
/// bytes as three octal digits.
pub fn write_escaped(out: &mut String, s: &[u8]) {
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{}{}{}", (b >> 6) & 7, (b >> 3) & 7, b & 7);
            }
        }
    }
}

/// LLVM's `SequenceToOffsetTable`: sequences packed into one array, each stored once, and a
/// sequence that is a suffix of another stored as that one's tail. Add every sequence, then
/// [`Self::layout`], then read offsets with [`Self::get`] and print with [`Self::emit`].
pub struct SequenceToOffsetTable<T: Ord + Clone> {
    /// Each kept sequence, reversed (so that suffixes become prefixes and sort next to the
    /// sequences that contain them), to its offset once laid out.
    seqs: BTreeMap<Vec<T>, u32>,
    entries: u32,
    /// Each sequence is followed by a terminator (LLVM's default); see [`Self::unterminated`].
    terminated: bool,
}

impl<T: Ord + Clone> Default for SequenceToOffsetTable<T> {
    fn default() -> Self {
        SequenceToOffsetTable { seqs: BTreeMap::new(), entries: 0, terminated: true }
    }
}

impl<T: Ord + Clone> SequenceToOffsetTable<T> {
    /// A table whose sequences have no terminator (LLVM's `SequenceToOffsetTable(std::nullopt)`).
    pub fn unterminated() -> Self {
        SequenceToOffsetTable { terminated: false, ..Self::default() }
    }

    pub fn add(&mut self, seq: &[T]) {
        let key: Vec<T> = seq.iter().rev().cloned().collect();
        // The first kept sequence at or after this one holds it as a suffix, if any does.
        if let Some((next, _)) = self.seqs.range(key.clone()..).next() {
            if next.starts_with(&key) {
                return;
            }
        }
        // The one before, if it is a suffix of this one, is now held by it.
        let before = self.seqs.range(..key.clone()).next_back().map(|(k, _)| k.clone());
        if let Some(before) = before {
            if key.starts_with(&before) {
                self.seqs.remove(&before);
            }
        }
        self.seqs.insert(key, 0);
    }

    pub fn is_empty(&self) -> bool {
        self.seqs.is_empty()
    }

    /// The number of entries, terminators included.
    pub fn size(&self) -> u32 {
        self.entries
    }

    /// Gives each kept sequence its offset (each is followed by its terminator, if any).
    pub fn layout(&mut self) {
        let mut entries = 0;
        for (seq, offset) in self.seqs.iter_mut() {
            *offset = entries;
            entries += seq.len() as u32 + u32::from(self.terminated);
        }
        self.entries = entries;
    }

    /// The offset of an added sequence.
    pub fn get(&self, seq: &[T]) -> u32 {
        let key: Vec<T> = seq.iter().rev().cloned().collect();
        let (kept, offset) = self.seqs.range(key.clone()..).next().expect("the sequence was added");
        debug_assert!(kept.starts_with(&key));
        offset + (kept.len() - key.len()) as u32
    }

    /// The kept sequences in table order, with their offsets.
    pub fn sequences(&self) -> impl Iterator<Item = (Vec<T>, u32)> + '_ {
        self.seqs.iter().map(|(seq, &offset)| (seq.iter().rev().cloned().collect(), offset))
    }

    /// Each kept sequence on its line, `  /* OFFSET */ E, E, TERM,`.
    pub fn emit(&self, out: &mut String, print: impl Fn(&mut String, &T), term: &str) {
        self.emit_rows(out, print, |out| {
            let _ = write!(out, "{term},");
        });
    }

    /// An [`Self::unterminated`] table's sequences, `  /* OFFSET */ E, E, ` a line, or
    /// `  /* dummy */ DUMMY` when the table is empty.
    pub fn emit_unterminated(&self, out: &mut String, print: impl Fn(&mut String, &T), dummy: &str) {
        self.emit_rows(out, print, |_| {});
        if self.entries == 0 {
            let _ = writeln!(out, "  /* dummy */ {dummy}");
        }
    }

    fn emit_rows(&self, out: &mut String, print: impl Fn(&mut String, &T), end: impl Fn(&mut String)) {
        for (seq, offset) in &self.seqs {
            let _ = write!(out, "  /* {offset} */ ");
            for element in seq.iter().rev() {
                print(out, element);
                out.push_str(", ");
            }
            end(out);
            out.push('\n');
        }
    }
}

/// A character of a string table: `u8`, or `i8` where LLVM's `char` orders the strings.
pub trait CharUnit: Ord + Clone {
    fn byte(&self) -> u8;
}
impl CharUnit for u8 {
    fn byte(&self) -> u8 {
        *self
    }
}
impl CharUnit for i8 {
    fn byte(&self) -> u8 {
        *self as u8
    }
}

/// How each release's `SequenceToOffsetTable::emitStringLiteralDef` writes a table.
#[derive(Debug)]
pub struct StringLiterals {
    /// What ends each string: `\0` (LLVM 19), or the terminator escaped as `\000` (22 on).
    pub terminator: &'static str,
    /// An empty table is an array holding a dummy `0` (LLVM 23), not an empty literal list.
    pub empty_as_dummy: bool,
}

pub const STRING_LITERALS: ByRelease<StringLiterals> = ByRelease {
    v19: StringLiterals { terminator: "\\0", empty_as_dummy: false },
    v22: StringLiterals { terminator: "\\000", empty_as_dummy: false },
    v23: StringLiterals { terminator: "\\000", empty_as_dummy: true },
};

/// `SequenceToOffsetTable::emitStringLiteralDef`: a laid-out table of strings as one array of
/// C string literals, as `release` writes it.
pub fn string_literal_def<T: CharUnit>(
    s: &mut String,
    table: &SequenceToOffsetTable<T>,
    decl: &str,
    release: tdq_core::Release,
) {
    let form = STRING_LITERALS.get(release);
    if form.empty_as_dummy && table.is_empty() {
        let _ = write!(s, "{decl} = {{\n  /* dummy */ 0\n}};\n\n");
        return;
    }
    s.push_str("\n#ifdef __GNUC__\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n#endif\n");
    let _ = writeln!(s, "{decl} = {{");
    for (seq, offset) in table.sequences() {
        let _ = write!(s, "  /* {offset} */ \"");
        let bytes: Vec<u8> = seq.iter().map(CharUnit::byte).collect();
        write_escaped(s, &bytes);
        s.push_str(form.terminator);
        s.push_str("\"\n");
    }
    s.push_str("};\n#ifdef __GNUC__\n#pragma GCC diagnostic pop\n#endif\n\n");
}

/// LLVM's `StringToOffsetTable`: strings appended to one NUL-separated string once each, by
/// first use.
#[derive(Default)]
pub struct StringToOffsetTable {
    offsets: rustc_hash::FxHashMap<Vec<u8>, u32>,
    aggregate: Vec<u8>,
}

impl StringToOffsetTable {
    /// The table as LLVM 20 and later construct it: the empty string first, at offset 0, so
    /// that a zero offset means "no string".
    pub fn starting_empty() -> Self {
        let mut table = StringToOffsetTable::default();
        table.get_or_add("");
        table
    }

    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// `size`: the bytes of the aggregate, every string's NUL included.
    pub fn size(&self) -> usize {
        self.aggregate.len()
    }

    /// `GetStringOffset`: the offset of a string already added.
    pub fn get(&self, s: &str) -> Option<u32> {
        self.offsets.get(s.as_bytes()).copied()
    }

    /// The string's offset, adding it (with its NUL) if it is new.
    pub fn get_or_add(&mut self, s: &str) -> u32 {
        if let Some(&offset) = self.offsets.get(s.as_bytes()) {
            return offset;
        }
        let offset = self.aggregate.len() as u32;
        self.aggregate.extend_from_slice(s.as_bytes());
        self.aggregate.push(0);
        self.offsets.insert(s.as_bytes().to_vec(), offset);
        offset
    }

    /// LLVM 19's `GetOrAddStringOffset(Str, AppendZero)`: the offset of bytes that need not be
    /// text, followed by a NUL only with `append_zero` (clang's diagnostic group names are
    /// length-prefixed instead).
    pub fn get_or_add_bytes(&mut self, s: &[u8], append_zero: bool) -> u32 {
        if let Some(&offset) = self.offsets.get(s) {
            return offset;
        }
        let offset = self.aggregate.len() as u32;
        self.aggregate.extend_from_slice(s);
        if append_zero {
            self.aggregate.push(0);
        }
        self.offsets.insert(s.to_vec(), offset);
        offset
    }

    /// `EmitCharArray`: the aggregate as character literals, fifteen a line.
    pub fn emit_char_array(&self, out: &mut String) {
        out.push(' ');
        let mut count = 0;
        for &c in &self.aggregate {
            out.push_str(" '");
            write_escaped(out, &[c]);
            out.push_str("',");
            count += 1;
            if count > 14 {
                out.push_str("\n ");
                count = 0;
            }
        }
        out.push('\n');
    }

    /// `EmitStringTableDef(OS, name)`: a `static constexpr llvm::StringTable` named `name`, of
    /// string literals, one a line (the string tables of LLVM 23's emitters).
    pub fn emit_string_table_def(&self, name: &str, out: &mut String) {
        self.emit_string_table_def_of("", false, name, out);
    }

    /// `EmitStringTableDef` of a table built with a `ClassPrefix`: the table is the class's
    /// static member (`const llvm::StringTable Class::Name = NameStorage;`), and so is its
    /// storage with `prefix_storage` (`UsePrefixForStorageMember`). An empty prefix gives
    /// [`Self::emit_string_table_def`]'s `static constexpr` table.
    pub fn emit_string_table_def_of(&self, class_prefix: &str, prefix_storage: bool, name: &str, out: &mut String) {
        let storage_kind = if class_prefix.is_empty() { "static" } else { "" };
        let storage_prefix = if prefix_storage { class_prefix } else { "" };
        out.push_str("\n#ifdef __GNUC__\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n#endif\n");
        let _ = writeln!(out, "{storage_kind} constexpr char {storage_prefix}{name}Storage[] =");
        // Every string ends with its NUL, so the last piece of the split is empty.
        let mut strings: Vec<&[u8]> = self.aggregate.split(|&b| b == 0).collect();
        strings.pop();
        for s in strings {
            out.push_str("  \"");
            write_escaped(out, s);
            out.push_str("\\0\"\n");
        }
        out.push_str("  ;\n#ifdef __GNUC__\n#pragma GCC diagnostic pop\n#endif\n\n");
        let table_kind = if class_prefix.is_empty() { "static constexpr" } else { "const" };
        let _ = writeln!(out, "{table_kind} llvm::StringTable\n{class_prefix}{name} = {name}Storage;");
    }

    /// `EmitString`: the aggregate as string literals, a new one after some seventy
    /// characters (never inside an escape).
    pub fn emit_string(&self, out: &mut String) {
        self.emit_string_with(out, false);
    }

    /// LLVM 23's `EmitString`: as [`Self::emit_string`], with a literal that an octal escape
    /// ends and a digit follows split in two (`"\\000" "64bit"`, MSVC's warning C4125).
    pub fn emit_string_separating_octal(&self, out: &mut String) {
        self.emit_string_with(out, true);
    }

    fn emit_string_with(&self, out: &mut String, separate_octal: bool) {
        let mut escaped = String::new();
        write_escaped(&mut escaped, &self.aggregate);
        let bytes = escaped.as_bytes();
        out.push_str("    \"");
        let mut printed = 0;
        let mut i = 0;
        while i < bytes.len() {
            if printed > 70 {
                out.push_str("\"\n    \"");
                printed = 0;
            }
            out.push(bytes[i] as char);
            printed += 1;
            if bytes[i] == b'\\' {
                let n = if bytes[i + 1].is_ascii_digit() { 3 } else { 1 };
                out.push_str(&escaped[i + 1..i + 1 + n]);
                printed += n;
                i += n;
                if separate_octal && n == 3 && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    out.push_str("\" \"");
                    printed += 3;
                }
            }
            i += 1;
        }
        out.push('"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_share_storage() {
        let mut t = SequenceToOffsetTable::default();
        t.add(&[1u8, 2, 3]);
        t.add(&[2, 3]);
        t.add(&[4]);
        t.layout();
        assert_eq!(t.size(), 6);
        assert_eq!(t.get(&[2, 3]), t.get(&[1, 2, 3]) + 1);
        let mut s = String::new();
        t.emit(&mut s, |o, e| o.push_str(&e.to_string()), "0");
        assert_eq!(s, "  /* 0 */ 1, 2, 3, 0,\n  /* 4 */ 4, 0,\n");
    }

    #[test]
    fn banner_is_eighty_columns() {
        let mut s = String::new();
        source_file_header(&mut s, "ValueTypes Source Fragment", Some("dir/ValueTypes.td"));
        assert!(s.lines().filter(|l| !l.is_empty()).all(|l| l.len() == 80));
        assert!(s.contains("|* From: ValueTypes.td"));
    }
}
