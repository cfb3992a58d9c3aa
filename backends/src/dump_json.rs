//! `--dump-json`: every def as machine-readable JSON, byte for byte as llvm-tblgen 19's
//! JSONBackend.cpp prints it, but streamed.
//!
//! llvm-tblgen builds one `json::Object` holding every def and prints it at the end (15.8 GB
//! for AMDGPU). The printed form is fully determined by sorted keys, so this backend writes it
//! directly: the top-level keys (`!instanceof`, `!tablegen_json_version` and one per def) are
//! merged in byte order from the already sorted def map, each def's object is written as soon
//! as its keys are sorted, and only the class → instances lists are gathered beforehand.
//!
//! The format is `llvm::json::OStream` without indentation: no spaces, strings escaped as
//! `quote()` in llvm/lib/Support/JSON.cpp does (`"` and `\` backslashed, `\t` `\n` `\r` short,
//! other bytes below 0x20 as `\u00xx`, everything else — DEL included — as is). llvm's
//! replacement of invalid UTF-8 by U+FFFD has already happened: tdq's strings are UTF-8,
//! converted the same way (one U+FFFD per maximal ill-formed subsequence) when read.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufWriter, Write};
use tdq_core::init::{Init, InitKind};
use tdq_core::record::{Record, RecordKeeper, RecordVal};
use tdq_core::{Evaluation, SourceMgr};

pub struct DumpJson;

impl Backend for DumpJson {
    fn name(&self) -> &'static str {
        "dump-json"
    }
    fn help(&self) -> &'static str {
        "Dump all records as machine-readable JSON"
    }
    fn only_writes(&self) -> bool {
        true
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let mut w = BufWriter::with_capacity(1 << 16, out);
        write_root(&input.records, &input.sm, &mut w)?;
        w.flush()?;
        Ok(())
    }
}

const INSTANCEOF: &str = "!instanceof";
const VERSION: &str = "!tablegen_json_version";

/// The root object: `!instanceof`, `!tablegen_json_version` and the defs, in key order.
fn write_root<W: Write>(rk: &RecordKeeper, sm: &SourceMgr, w: &mut W) -> io::Result<()> {
    // The two keys JSONBackend.cpp adds besides the defs, sorted. On a clash with a def name
    // the later assignment wins: a def replaces the version, `!instanceof` replaces a def.
    let specials = [INSTANCEOF, VERSION];
    debug_assert!(specials.windows(2).all(|p| p[0] < p[1]));
    let mut next_special = 0;
    let mut first = true;
    let mut comma = |w: &mut W| -> io::Result<()> {
        if !std::mem::replace(&mut first, false) {
            w.write_all(b",")?;
        }
        Ok(())
    };
    w.write_all(b"{")?;
    for (name, &id) in &rk.defs {
        while next_special < specials.len() && specials[next_special] < *name {
            comma(w)?;
            write_special(rk, specials[next_special], w)?;
            next_special += 1;
        }
        if next_special < specials.len() && specials[next_special] == *name {
            next_special += 1;
            if *name == INSTANCEOF {
                comma(w)?;
                write_special(rk, INSTANCEOF, w)?;
                continue;
            }
        }
        comma(w)?;
        write_string(w, name)?;
        w.write_all(b":")?;
        write_def(rk, sm, name, rk.get(id), w)?;
    }
    for special in &specials[next_special..] {
        comma(w)?;
        write_special(rk, special, w)?;
    }
    w.write_all(b"}\n")
}

fn write_special<W: Write>(rk: &RecordKeeper, key: &str, w: &mut W) -> io::Result<()> {
    write_string(w, key)?;
    w.write_all(b":")?;
    if key == VERSION {
        return w.write_all(b"1");
    }
    write_instanceof(rk, w)
}

/// `!instanceof`: every class, with the names of the defs deriving from it in def order.
fn write_instanceof<W: Write>(rk: &RecordKeeper, w: &mut W) -> io::Result<()> {
    let mut instances: Vec<Vec<&str>> = vec![Vec::new(); rk.records.len()];
    for (name, &id) in &rk.defs {
        for &(sc, _) in &rk.get(id).superclasses {
            instances[sc.0 as usize].push(name);
        }
    }
    w.write_all(b"{")?;
    for (i, (name, &id)) in rk.classes.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_string(w, name)?;
        w.write_all(b":")?;
        write_string_array(w, instances[id.0 as usize].iter().copied())?;
    }
    w.write_all(b"}")
}

/// One entry of a def's object.
enum Entry<'a> {
    Field(&'a RecordVal),
    Anonymous,
    Fields,
    Locs,
    Name,
    SuperClasses,
}

/// One def: its fields and the `!anonymous`, `!fields`, `!locs`, `!name` and `!superclasses`
/// JSONBackend.cpp adds (after the fields, so they win a clash of names).
fn write_def<W: Write>(rk: &RecordKeeper, sm: &SourceMgr, name: &str, rec: &Record, w: &mut W) -> io::Result<()> {
    let fields: Vec<&RecordVal> = rec.values.iter().filter(|v| !rec.is_template_arg(v.name)).collect();
    let mut entries: Vec<(Cow<'_, str>, Entry<'_>)> = Vec::with_capacity(fields.len() + 5);
    for &v in &fields {
        entries.push((field_name(v), Entry::Field(v)));
    }
    entries.push(("!fields".into(), Entry::Fields));
    entries.push(("!superclasses".into(), Entry::SuperClasses));
    entries.push(("!name".into(), Entry::Name));
    entries.push(("!anonymous".into(), Entry::Anonymous));
    entries.push(("!locs".into(), Entry::Locs));
    // A stable sort, then the last of equal keys: the later assignment.
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut kept: Vec<(Cow<'_, str>, Entry<'_>)> = Vec::with_capacity(entries.len());
    for e in entries {
        if kept.last().is_some_and(|last| last.0 == e.0) {
            kept.pop();
        }
        kept.push(e);
    }
    w.write_all(b"{")?;
    for (i, (key, entry)) in kept.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_string(w, key)?;
        w.write_all(b":")?;
        match entry {
            Entry::Field(v) => write_value(w, v.value, None)?,
            Entry::Anonymous => w.write_all(if rec.is_anonymous() { b"true" } else { b"false" })?,
            Entry::Fields => write_string_array(w, fields.iter().filter(|v| v.nonconcrete_ok).map(|v| field_name(v)))?,
            Entry::Locs => write_string_array(w, rec.locs.iter().map(|&l| sm.json_loc(l)))?,
            Entry::Name => write_string(w, name)?,
            Entry::SuperClasses => {
                write_string_array(w, rec.superclasses.iter().map(|&(sc, _)| rk.get(sc).name_string()))?
            }
        }
    }
    w.write_all(b"}")
}

/// LLVM's `RecordVal::getNameInitAsString`.
fn field_name(v: &RecordVal) -> Cow<'static, str> {
    match v.name.as_str() {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(v.name.unquoted()),
    }
}

/// A value as `--dump-json` writes it (JSONBackend.cpp's `translateInit`), as a string: the
/// structured form the store keeps beside the printed one.
pub fn value_json(v: Init) -> String {
    let mut out = Vec::with_capacity(16);
    write_value(&mut out, v, None).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("JSON output is UTF-8")
}

/// [`value_json`] appended to `out`, for a value already printed (`printed`, as
/// [`Init::write_to`] prints it), which its `"printable"` reuses.
pub fn write_value_json(out: &mut Vec<u8>, v: Init, printed: &str) {
    write_value(out, v, Some(printed)).expect("writing to a Vec cannot fail");
}

/// JSONBackend.cpp's `translateInit`.
fn write_value<W: Write>(w: &mut W, v: Init, printed: Option<&str>) -> io::Result<()> {
    match v.kind() {
        InitKind::Unset => w.write_all(b"null"),
        InitKind::Bit(b) => w.write_all(if *b { b"1" } else { b"0" }),
        // Least significant bit first, as tdq stores them.
        InitKind::Bits(bits) => write_array(w, bits),
        InitKind::Int(i) => write!(w, "{i}"),
        InitKind::Str(s, _) => write_string(w, s),
        InitKind::List(elems, _) => write_array(w, elems),
        InitKind::Def(_, name, _) => {
            w.write_all(b"{\"def\":")?;
            write_string(w, name)?;
            w.write_all(b",\"kind\":\"def\",\"printable\":")?;
            write_printable(w, v, printed)?;
            w.write_all(b"}")
        }
        InitKind::Var(name, _) => {
            w.write_all(b"{\"kind\":\"var\",\"printable\":")?;
            write_printable(w, v, printed)?;
            w.write_all(b",\"var\":")?;
            write_string(w, &name.unquoted())?;
            w.write_all(b"}")
        }
        InitKind::VarBit(var, bit) if matches!(var.kind(), InitKind::Var(..)) => {
            let InitKind::Var(name, _) = var.kind() else { unreachable!() };
            write!(w, "{{\"index\":{bit},\"kind\":\"varbit\",\"printable\":")?;
            write_printable(w, v, printed)?;
            w.write_all(b",\"var\":")?;
            write_string(w, &name.unquoted())?;
            w.write_all(b"}")
        }
        InitKind::Dag(op, op_name, args) => {
            w.write_all(b"{\"args\":[")?;
            for (i, (arg, arg_name)) in args.iter().enumerate() {
                if i > 0 {
                    w.write_all(b",")?;
                }
                w.write_all(b"[")?;
                write_value(w, *arg, None)?;
                w.write_all(b",")?;
                match arg_name {
                    Some(n) => write_string(w, n)?,
                    None => w.write_all(b"null")?,
                }
                w.write_all(b"]")?;
            }
            w.write_all(b"],\"kind\":\"dag\",")?;
            if let Some(n) = op_name {
                w.write_all(b"\"name\":")?;
                write_string(w, n)?;
                w.write_all(b",")?;
            }
            w.write_all(b"\"operator\":")?;
            write_value(w, *op, None)?;
            w.write_all(b",\"printable\":")?;
            write_printable(w, v, printed)?;
            w.write_all(b"}")
        }
        // Everything else (anonymous names included: LLVM's AnonymousNameInit is no
        // StringInit) is `complex`.
        _ => {
            w.write_all(b"{\"kind\":\"complex\",\"printable\":")?;
            write_printable(w, v, printed)?;
            w.write_all(b"}")
        }
    }
}

fn write_array<W: Write>(w: &mut W, items: &[Init]) -> io::Result<()> {
    w.write_all(b"[")?;
    for (i, &x) in items.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_value(w, x, None)?;
    }
    w.write_all(b"]")
}

fn write_string_array<W: Write, S: AsRef<str>>(w: &mut W, items: impl Iterator<Item = S>) -> io::Result<()> {
    w.write_all(b"[")?;
    for (i, s) in items.enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_string(w, s.as_ref())?;
    }
    w.write_all(b"]")
}

/// `"printable"`: LLVM's `getAsString`, escaped as it is formatted (no intermediate string), or
/// `printed` when the caller has it.
fn write_printable<W: Write>(w: &mut W, v: Init, printed: Option<&str>) -> io::Result<()> {
    if let Some(p) = printed {
        return write_string(w, p);
    }
    w.write_all(b"\"")?;
    let mut escaper = Escaper { w, error: None };
    if fmt::write(&mut escaper, format_args!("{v}")).is_err() {
        return Err(escaper.error.unwrap_or_else(|| io::Error::other("formatting failed")));
    }
    w.write_all(b"\"")
}

/// A `fmt::Write` that escapes what it is given as the inside of a JSON string.
struct Escaper<'a, W: Write> {
    w: &'a mut W,
    error: Option<io::Error>,
}

impl<W: Write> fmt::Write for Escaper<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write_escaped(self.w, s).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// A JSON string: llvm::json's `quote`.
fn write_string<W: Write>(w: &mut W, s: &str) -> io::Result<()> {
    w.write_all(b"\"")?;
    write_escaped(w, s)?;
    w.write_all(b"\"")
}

fn write_escaped<W: Write>(w: &mut W, s: &str) -> io::Result<()> {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &c) in bytes.iter().enumerate() {
        if c >= 0x20 && c != b'"' && c != b'\\' {
            continue;
        }
        w.write_all(&bytes[start..i])?;
        start = i + 1;
        match c {
            b'"' => w.write_all(b"\\\"")?,
            b'\\' => w.write_all(b"\\\\")?,
            b'\t' => w.write_all(b"\\t")?,
            b'\n' => w.write_all(b"\\n")?,
            b'\r' => w.write_all(b"\\r")?,
            _ => write!(w, "\\u{c:04x}")?,
        }
    }
    w.write_all(&bytes[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(s: &str) -> String {
        let mut v = Vec::new();
        write_string(&mut v, s).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_llvm_json_quote() {
        assert_eq!(escaped("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(escaped("\t\n\r"), r#""\t\n\r""#);
        assert_eq!(escaped("\u{1}\u{8}\u{c}\u{1f}"), r#""\u0001\u0008\u000c\u001f""#);
        assert_eq!(escaped("\u{7f}é\u{fffd}"), "\"\u{7f}é\u{fffd}\"");
    }
}
