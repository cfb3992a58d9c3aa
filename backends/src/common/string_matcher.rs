//! LLVM's `StringMatcher` (llvm/lib/TableGen/StringMatcher.cpp): C++ that finds a string among
//! fixed ones by switching on its length, then on its characters where they differ, comparing
//! the runs they share with `memcmp`, and runs the code paired with the string found.

use std::collections::BTreeMap;

/// A string to match and the code to run when it does.
pub type StringPair = (String, String);

/// Two strings to match were the same (LLVM's `report_fatal_error("Had duplicate keys to
/// match on")`).
#[derive(Debug)]
pub struct DuplicateKeys;

impl From<DuplicateKeys> for tdq_models::Fatal {
    fn from(_: DuplicateKeys) -> Self {
        tdq_models::Fatal::report_fatal_error("Had duplicate keys to match on")
    }
}

impl From<DuplicateKeys> for crate::BackendError {
    fn from(e: DuplicateKeys) -> Self {
        tdq_models::Fatal::from(e).into()
    }
}

/// `StringMatcher(StrVariableName, Matches, OS).Emit(Indent)`.
pub fn emit(var: &str, matches: &[StringPair], indent: usize, out: &mut String) -> Result<(), DuplicateKeys> {
    emit_with(var, matches, indent, false, out)
}

/// `Emit(Indent, IgnoreDuplicates)`: with `ignore_duplicates`, of equal strings the first's
/// code runs.
pub fn emit_with(
    var: &str,
    matches: &[StringPair],
    indent: usize,
    ignore_duplicates: bool,
    out: &mut String,
) -> Result<(), DuplicateKeys> {
    if matches.is_empty() {
        return Ok(());
    }
    let mut by_length: BTreeMap<usize, Vec<&StringPair>> = BTreeMap::new();
    for m in matches {
        by_length.entry(m.0.len()).or_default().push(m);
    }
    let pad = " ".repeat(indent * 2 + 2);
    out.push_str(&format!("{pad}switch ({var}.size()) {{\n{pad}default: break;\n"));
    for (length, group) in &by_length {
        let plural = if group.len() == 1 { "" } else { "s" };
        out.push_str(&format!("{pad}case {length}:\t // {} string{plural} to match.\n", group.len()));
        if for_char(var, group, 0, indent, ignore_duplicates, out)? {
            out.push_str(&format!("{}break;\n", " ".repeat(indent * 2 + 4)));
        }
    }
    out.push_str(&format!("{pad}}}\n"));
    Ok(())
}

/// The first position at which the strings of `matches` differ (or the first's length).
fn first_non_common_letter(matches: &[&StringPair]) -> usize {
    let first = matches[0].0.as_bytes();
    (0..first.len()).find(|&i| matches[1..].iter().any(|m| m.0.as_bytes()[i] != first[i])).unwrap_or(first.len())
}

/// `EmitStringMatcherForChar`: whether the code written may fall through (needs a `break`).
fn for_char(
    var: &str,
    matches: &[&StringPair],
    char_no: usize,
    indent_count: usize,
    ignore_duplicates: bool,
    out: &mut String,
) -> Result<bool, DuplicateKeys> {
    let indent = " ".repeat(indent_count * 2 + 4);
    let first = matches[0];
    if char_no == first.0.len() {
        if matches.len() > 1 && !ignore_duplicates {
            return Err(DuplicateKeys);
        }
        let (head, mut rest) = first.1.split_once('\n').unwrap_or((&first.1, ""));
        out.push_str(&format!("{indent}{head}\t // \"{}\"\n", first.0));
        while !rest.is_empty() {
            let (line, after) = rest.split_once('\n').unwrap_or((rest, ""));
            out.push_str(&format!("{indent}{line}\n"));
            rest = after;
        }
        return Ok(false);
    }
    // By the character compared, as a C++ `char` (signed) orders them.
    let mut by_letter: BTreeMap<i8, Vec<&StringPair>> = BTreeMap::new();
    for &m in matches {
        by_letter.entry(m.0.as_bytes()[char_no] as i8).or_default().push(m);
    }
    if by_letter.len() == 1 {
        let end = first_non_common_letter(matches);
        let count = end - char_no;
        if count == 1 {
            out.push_str(&format!(
                "{indent}if ({var}[{char_no}] != '{}')\n{indent}  break;\n",
                first.0.as_bytes()[char_no] as char
            ));
        } else {
            out.push_str(&format!(
                "{indent}if (memcmp({var}.data()+{char_no}, \"{}\", {count}) != 0)\n{indent}  break;\n",
                String::from_utf8_lossy(&first.0.as_bytes()[char_no..end])
            ));
        }
        return for_char(var, matches, end, indent_count, ignore_duplicates, out);
    }
    out.push_str(&format!("{indent}switch ({var}[{char_no}]) {{\n{indent}default: break;\n"));
    for (letter, group) in &by_letter {
        let plural = if group.len() == 1 { "" } else { "s" };
        out.push_str(&format!(
            "{indent}case '{}':\t // {} string{plural} to match.\n",
            *letter as u8 as char,
            group.len()
        ));
        if for_char(var, group, char_no + 1, indent_count + 1, ignore_duplicates, out)? {
            out.push_str(&format!("{indent}  break;\n"));
        }
    }
    out.push_str(&format!("{indent}}}\n"));
    Ok(true)
}
