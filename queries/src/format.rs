//! Writing result sets: a table fitted to the terminal, or CSV, TSV, JSON, JSON lines and
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
            _ => return Err(format!("unknown format `{s}` (table, csv, tsv, json, jsonl, markdown)")),
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
    }
}

fn table(rs: &ResultSet, width: Option<u16>, out: &mut dyn Write) -> io::Result<()> {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
        .apply_modifier(comfy_table::modifiers::UTF8_ROUND_CORNERS)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(rs.columns.iter());
    if let Some(w) = width {
        t.set_width(w);
    }
    for row in &rs.rows {
        t.add_row(row.iter().map(|c| {
            let cell = comfy_table::Cell::new(c.to_string());
            match c {
                Cell::Int(_) | Cell::Real(_) => cell.set_alignment(comfy_table::CellAlignment::Right),
                _ => cell,
            }
        }));
    }
    writeln!(out, "{t}")?;
    let n = rs.rows.len();
    writeln!(out, "{n} row{}", if n == 1 { "" } else { "s" })
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
