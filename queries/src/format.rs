//! Writing result sets: a table fitted to the terminal (or one `column = value` line per field,
//! sqlite3's `.mode line`, for a row too wide for it), or CSV, TSV, JSON, JSON lines and
//! Markdown for other programs and documents.

use crate::{Cell, ResultSet};
use std::io::{self, Write};
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Csv,
    Tsv,
    Json,
    Jsonl,
    Markdown,
    /// One `column = value` line per column, a blank line between rows (sqlite3's `.mode line`).
    Line,
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "table" => Format::Table,
            "csv" => Format::Csv,
            "tsv" => Format::Tsv,
            "json" => Format::Json,
            "jsonl" => Format::Jsonl,
            "markdown" | "md" => Format::Markdown,
            "line" | "vertical" => Format::Line,
            _ => return Err(format!("unknown format `{s}` (table, line, csv, tsv, json, jsonl, markdown)")),
        })
    }
}

/// Writes `rs`; `width` is the terminal width for [`Format::Table`].
pub fn write(rs: &ResultSet, format: Format, width: Option<u16>, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Table => table(rs, width, out),
        Format::Csv => delimited(rs, out, ",", csv_field),
        Format::Tsv => delimited(rs, out, "\t", tsv_field),
        Format::Json => {
            out.write_all(b"[")?;
            for (i, row) in rs.rows.iter().enumerate() {
                out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
                out.write_all(json_object(rs, row).as_bytes())?;
            }
            out.write_all(if rs.rows.is_empty() { b"]\n" } else { b"\n]\n" })
        }
        Format::Jsonl => {
            for row in &rs.rows {
                writeln!(out, "{}", json_object(rs, row))?;
            }
            Ok(())
        }
        Format::Markdown => markdown(rs, out),
        Format::Line => line(rs, out),
    }
}

/// Whether `rs` shows as a table of `width` columns without hiding or cutting anything.
/// (A table of named columns too wide for the terminal cuts their values, one made by `*`
/// hides columns; [`table`].)
pub fn fits(rs: &ResultSet, width: u16) -> bool {
    natural_widths(rs).iter().map(|w| w + 3).sum::<usize>() < width as usize
}

/// What a cell shows in a table or a line: tabs, line breaks and other control characters
/// escaped, so that a value never breaks the layout.
fn shown(c: &Cell) -> String {
    let text = c.to_string();
    if !text.contains(|c: char| c.is_control()) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    out
}

/// Each column's width with nothing cut: its widest value or its name.
fn natural_widths(rs: &ResultSet) -> Vec<usize> {
    let mut widths: Vec<usize> = rs.columns.iter().map(|c| c.chars().count()).collect();
    for row in &rs.rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(shown(c).chars().count());
        }
    }
    widths
}

/// `text` cut to `width` characters, the last one an ellipsis when cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A column wider than this is cut when the table does not fit the terminal.
const CUT_WIDTH: usize = 32;

/// Which columns a table of `width` shows, each with its width: all of them when they fit,
/// else as many as fit taken from both ends (duckdb's way), cut to [`CUT_WIDTH`], with `None`
/// where the hidden ones are.
fn plan_columns(natural: &[usize], width: usize) -> Vec<Option<(usize, usize)>> {
    let cost = |w: usize| w + 3;
    if natural.iter().map(|&w| cost(w)).sum::<usize>() < width {
        return natural.iter().copied().enumerate().map(Some).collect();
    }
    let capped: Vec<usize> = natural.iter().map(|&w| w.min(CUT_WIDTH)).collect();
    let all: usize = capped.iter().map(|&w| cost(w)).sum();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    if all < width {
        left = (0..capped.len()).collect();
    } else {
        // Room for the `…` column that stands for the hidden ones.
        let mut room = width.saturating_sub(1 + cost(1));
        let (mut lo, mut hi) = (0, capped.len());
        let mut from_left = true;
        while lo < hi {
            let i = if from_left { lo } else { hi - 1 };
            let need = cost(capped[i].max(2));
            if need > room {
                break;
            }
            room -= need;
            if from_left {
                left.push(lo);
                lo += 1;
            } else {
                right.push(hi - 1);
                hi -= 1;
            }
            from_left = !from_left;
        }
        // At least one column, however narrow.
        if left.is_empty() {
            left.push(0);
        }
    }
    let used: usize = left.iter().chain(&right).map(|&i| cost(capped[i])).sum::<usize>()
        + if left.len() + right.len() < capped.len() { cost(1) } else { 0 };
    // Space left over goes to the cut columns, first come first served.
    let mut spare = width.saturating_sub(1 + used);
    let mut widths: Vec<usize> = capped.clone();
    for &i in left.iter().chain(right.iter().rev()) {
        let more = natural[i].saturating_sub(widths[i]).min(spare);
        widths[i] += more;
        spare -= more;
    }
    let mut plan: Vec<Option<(usize, usize)>> = left.iter().map(|&i| Some((i, widths[i]))).collect();
    if left.len() + right.len() < capped.len() {
        plan.push(None);
    }
    plan.extend(right.iter().rev().map(|&i| Some((i, widths[i]))));
    plan
}

/// Every column, in a table of `width`: each one's values cut to an equal share of the room
/// (a narrow column keeps its width and leaves the rest to the others), as duckdb does for the
/// columns a query names.
fn share_columns(natural: &[usize], width: usize) -> Vec<Option<(usize, usize)>> {
    let room = width.saturating_sub(1 + 3 * natural.len());
    let mut widths = vec![0; natural.len()];
    let mut open: Vec<usize> = (0..natural.len()).collect();
    let mut left = room;
    // Water-filling: each round gives every column still short of its width an equal part.
    while !open.is_empty() && left >= open.len() {
        let part = left / open.len();
        open.retain(|&i| {
            let more = (natural[i] - widths[i]).min(part);
            widths[i] += more;
            left -= more;
            widths[i] < natural[i]
        });
        if part == 0 {
            break;
        }
    }
    // However narrow the terminal, a column shows at least its first character and the `…`.
    widths.iter().zip(natural).map(|(&w, &n)| w.max(n.min(2))).enumerate().map(Some).collect()
}

fn table(rs: &ResultSet, width: Option<u16>, out: &mut dyn Write) -> io::Result<()> {
    let natural = natural_widths(rs);
    let plan: Vec<Option<(usize, usize)>> = match width {
        Some(w) if rs.star => plan_columns(&natural, w as usize),
        Some(w) => share_columns(&natural, w as usize),
        None => natural.iter().copied().enumerate().map(Some).collect(),
    };
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
        .apply_modifier(comfy_table::modifiers::UTF8_ROUND_CORNERS)
        .set_content_arrangement(comfy_table::ContentArrangement::Disabled)
        .set_header(plan.iter().map(|p| match p {
            Some((i, w)) => cut(&rs.columns[*i], *w),
            None => "…".to_owned(),
        }));
    for row in &rs.rows {
        t.add_row(plan.iter().map(|p| {
            let Some((i, w)) = p else { return comfy_table::Cell::new("…") };
            let c = &row[*i];
            let cell = comfy_table::Cell::new(cut(&shown(c), *w));
            match c {
                Cell::Int(_) | Cell::Real(_) => cell.set_alignment(comfy_table::CellAlignment::Right),
                _ => cell,
            }
        }));
    }
    writeln!(out, "{t}")?;
    let n = rs.rows.len();
    let shown_columns = plan.iter().flatten().count();
    if shown_columns < rs.columns.len() {
        writeln!(out, "{n} row{}, {} columns ({shown_columns} shown)", if n == 1 { "" } else { "s" }, rs.columns.len())
    } else {
        writeln!(out, "{n} row{}", if n == 1 { "" } else { "s" })
    }
}

/// sqlite3's `.mode line`: the column names right-aligned, ` = `, the value; rows apart.
fn line(rs: &ResultSet, out: &mut dyn Write) -> io::Result<()> {
    let name_width = rs.columns.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    for (i, row) in rs.rows.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        for (col, cell) in rs.columns.iter().zip(row) {
            writeln!(out, "{col:>name_width$} = {}", shown(cell))?;
        }
    }
    Ok(())
}

fn delimited(rs: &ResultSet, out: &mut dyn Write, sep: &str, field: fn(&str) -> String) -> io::Result<()> {
    let header: Vec<String> = rs.columns.iter().map(|c| field(c)).collect();
    writeln!(out, "{}", header.join(sep))?;
    for row in &rs.rows {
        let cells: Vec<String> = row.iter().map(|c| field(&c.to_string())).collect();
        writeln!(out, "{}", cells.join(sep))?;
    }
    Ok(())
}

/// RFC 4180: quoted when it holds a comma, quote or line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Tabs, line breaks and backslashes escaped, so every row is one line.
fn tsv_field(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// One row as a JSON object with the query's columns in order, every one of them, a repeated
/// name repeated (as `sqlite3 -json` writes it): a map would sort the keys and keep one of each.
fn json_object(rs: &ResultSet, row: &[Cell]) -> String {
    let mut out = String::from("{");
    for (i, (col, cell)) in rs.columns.iter().zip(row).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::Value::from(col.as_str()).to_string());
        out.push(':');
        out.push_str(&json_value(cell).to_string());
    }
    out.push('}');
    out
}

pub fn json_value(c: &Cell) -> serde_json::Value {
    match c {
        Cell::Null => serde_json::Value::Null,
        Cell::Int(i) => (*i).into(),
        Cell::Real(r) => serde_json::Number::from_f64(*r).map_or(serde_json::Value::Null, serde_json::Value::Number),
        Cell::Text(s) => s.clone().into(),
        Cell::Blob(_) => c.to_string().into(),
    }
}

fn markdown(rs: &ResultSet, out: &mut dyn Write) -> io::Result<()> {
    let esc = |s: &str| s.replace('|', "\\|").replace('\n', "<br>");
    let header: Vec<String> = rs.columns.iter().map(|c| esc(c)).collect();
    writeln!(out, "| {} |", header.join(" | "))?;
    let rule: Vec<&str> = rs.columns.iter().map(|_| "---").collect();
    writeln!(out, "| {} |", rule.join(" | "))?;
    for row in &rs.rows {
        let cells: Vec<String> = row.iter().map(|c| esc(&c.to_string())).collect();
        writeln!(out, "| {} |", cells.join(" | "))?;
    }
    Ok(())
}
