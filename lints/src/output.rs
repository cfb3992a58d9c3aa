//! Findings rendered: as a compiler prints them (text), JSON, SARIF 2.1.0 for code-scanning
//! services, GitHub Actions annotations, and the `--statistics` table. Every format renders
//! the same [`Finding`]s.

use crate::rules::LINTS;
use crate::{Finding, Level};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use tdq_core::diag::{caret_line, Tabs};
use tdq_core::{Loc, SourceMgr};

/// The output formats of `tdq lint --format`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    Json,
    Sarif,
    Github,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "text" => Some(Format::Text),
            "json" => Some(Format::Json),
            "sarif" => Some(Format::Sarif),
            "github" => Some(Format::Github),
            _ => None,
        }
    }
}

/// How findings are shown beyond their format.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// The project root (tdq.toml's directory, else the git work tree's): paths under it are
    /// shown relative to it in every format, and SARIF's `%SRCROOT%` is it. Without one, paths
    /// are shown as the sources named them.
    pub root: Option<PathBuf>,
    /// ANSI colours in the text format (clang's: bold locations, coloured levels).
    pub color: bool,
}

impl Style {
    /// `path` as findings show it: relative to the root when under it.
    fn path(&self, path: &str) -> String {
        let Some(root) = &self.root else { return path.to_owned() };
        let abs = std::path::absolute(path).unwrap_or_else(|_| PathBuf::from(path));
        let abs = normalize(&abs);
        match abs.strip_prefix(root) {
            Ok(rel) => rel.display().to_string(),
            Err(_) => path.to_owned(),
        }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// `a/./b/../c` as `a/c`, without touching the file system (symbolic links are as named).
fn normalize(path: &std::path::Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Renders the findings in `format`. `user_rules` names the user lints run (id, level), for
/// the SARIF rule list.
pub fn render(format: Format, findings: &[Finding], sm: &SourceMgr, user_rules: &[(String, Level)]) -> String {
    render_styled(format, findings, sm, user_rules, &Style::default())
}

/// [`render`], with paths and colours as `style` says.
pub fn render_styled(
    format: Format,
    findings: &[Finding],
    sm: &SourceMgr,
    user_rules: &[(String, Level)],
    style: &Style,
) -> String {
    match format {
        Format::Text => text_styled(findings, sm, style),
        Format::Json => json_lines(findings, sm, style),
        Format::Sarif => sarif(findings, sm, user_rules, style),
        Format::Github => github(findings, sm, style),
    }
}

/// `file:line:col: warning[ID]: RECORD: message`, the source line and a caret, then each note
/// the same way; a last line counts the findings.
pub fn text(findings: &[Finding], sm: &SourceMgr) -> String {
    text_styled(findings, sm, &Style::default())
}

fn text_styled(findings: &[Finding], sm: &SourceMgr, style: &Style) -> String {
    let mut out = String::new();
    for f in findings {
        let colour = match f.level {
            Level::Error => "1;31",
            Level::Warning => "1;35",
            Level::Note => "1;36",
        };
        let label = style.paint(colour, &format!("{}[{}]", f.level.as_str(), f.lint));
        message(&mut out, sm, style, f.loc, &label, &format!("{}: {}", f.record, f.message));
        for n in &f.notes {
            message(&mut out, sm, style, n.loc, &style.paint("1;30", "note"), &n.message);
        }
    }
    if !findings.is_empty() {
        let _ = writeln!(out, "{} finding{}.", findings.len(), if findings.len() == 1 { "" } else { "s" });
    }
    out
}

fn message(out: &mut String, sm: &SourceMgr, style: &Style, loc: Loc, label: &str, msg: &str) {
    if sm.file(loc).is_none() {
        let _ = writeln!(out, "{label}: {}", style.paint("1", msg));
        return;
    }
    let (line, col) = sm.line_col(loc);
    let place = style.paint("1", &format!("{}:{line}:{col}:", style.path(sm.path(loc))));
    let _ = writeln!(out, "{place} {label}: {}", style.paint("1", msg));
    let line = sm.line_text(loc);
    let (pad, caret) = caret_line(line, col, Tabs::Keep);
    let _ = writeln!(out, "{}\n{pad}{}", String::from_utf8_lossy(line), style.paint("1;32", &caret));
}

/// Where a finding or note is, as (path, line, column); `None` without a location.
fn place(sm: &SourceMgr, style: &Style, loc: Loc) -> Option<(String, u32, u32)> {
    sm.file(loc)?;
    let (line, col) = sm.line_col(loc);
    Some((style.path(sm.path(loc)), line, col))
}

fn location_json(sm: &SourceMgr, style: &Style, loc: Loc) -> Value {
    match place(sm, style, loc) {
        Some((file, line, column)) => json!({"file": file, "line": line, "column": column}),
        None => Value::Null,
    }
}

/// One JSON array of findings.
pub fn json_lines(findings: &[Finding], sm: &SourceMgr, style: &Style) -> String {
    let items: Vec<Value> = findings
        .iter()
        .map(|f| {
            let mut item = json!({
                "lint": f.lint,
                "level": f.level.as_str(),
                "record": f.record,
                "field": f.field,
                "message": f.message,
                "location": location_json(sm, style, f.loc),
                "notes": f.notes.iter().map(|n| json!({"message": n.message, "location": location_json(sm, style, n.loc)})).collect::<Vec<_>>(),
                "fingerprint": fingerprint(f),
            });
            // Only a numbered record has an identity apart from its name.
            if let Some(identity) = &f.identity {
                item["identity"] = json!(identity);
            }
            item
        })
        .collect();
    let mut s = serde_json::to_string_pretty(&Value::Array(items)).unwrap_or_default();
    s.push('\n');
    s
}

/// A stable fingerprint: FNV-1a over lint, record (its identity when its name is numbered)
/// and field — the baseline's key — so a code scanning service tracks a finding across edits
/// that move or renumber it.
pub fn fingerprint(f: &Finding) -> String {
    let (lint, record, field) = f.key();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [lint.as_bytes(), b"\0", record.as_bytes(), b"\0", field.as_bytes()] {
        for &b in part {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// A path as a SARIF artifact URI: relative paths stay relative (to the working directory,
/// `%SRCROOT%`), absolute ones become `file://` URIs.
fn uri(path: &str) -> (String, bool) {
    let escaped: String = path
        .chars()
        .map(|c| match c {
            ' ' => "%20".to_string(),
            '%' => "%25".to_string(),
            '#' => "%23".to_string(),
            '?' => "%3F".to_string(),
            '\\' => "/".to_string(),
            c => c.to_string(),
        })
        .collect();
    if escaped.starts_with('/') {
        (format!("file://{escaped}"), true)
    } else {
        (escaped, false)
    }
}

fn sarif_level(l: Level) -> &'static str {
    match l {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    }
}

fn physical(sm: &SourceMgr, style: &Style, loc: Loc) -> Option<Value> {
    let (file, line, column) = place(sm, style, loc)?;
    let (uri, absolute) = uri(&file);
    let mut artifact = json!({"uri": uri});
    if !absolute {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
    Some(
        json!({"physicalLocation": {"artifactLocation": artifact, "region": {"startLine": line, "startColumn": column}}}),
    )
}

/// A SARIF 2.1.0 log: one run, every canned lint (and the user lints run) as a rule with its
/// doc as help, one result a finding.
pub fn sarif(findings: &[Finding], sm: &SourceMgr, user_rules: &[(String, Level)], style: &Style) -> String {
    let mut rules: Vec<Value> = LINTS
        .iter()
        .map(|l| {
            json!({
                "id": l.id,
                "name": l.id,
                "shortDescription": {"text": l.summary()},
                "fullDescription": {"text": l.summary()},
                "help": {"text": crate::doc::render(l.doc), "markdown": crate::doc::render(l.doc)},
                "defaultConfiguration": {"level": sarif_level(l.default_level), "enabled": l.enabled_by_default},
            })
        })
        .collect();
    for (id, level) in user_rules {
        rules.push(json!({
            "id": id,
            "name": id,
            "shortDescription": {"text": format!("User lint `{id}` (SQL over the record store)")},
            "defaultConfiguration": {"level": sarif_level(*level)},
        }));
    }
    let index: BTreeMap<String, usize> =
        rules.iter().enumerate().filter_map(|(i, r)| Some((r["id"].as_str()?.to_string(), i))).collect();
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let mut r = json!({
                "ruleId": f.lint,
                "level": sarif_level(f.level),
                "message": {"text": f.message},
                "partialFingerprints": {"tdqLintKey/v1": fingerprint(f)},
            });
            if let Some(i) = index.get(&f.lint) {
                r["ruleIndex"] = json!(i);
            }
            // The record is the logical location, the def's line the physical one.
            let mut location = physical(sm, style, f.loc).unwrap_or_else(|| json!({}));
            location["logicalLocations"] = json!([{"name": f.record, "kind": "object"}]);
            r["locations"] = json!([location]);
            let related: Vec<Value> = f
                .notes
                .iter()
                .enumerate()
                .filter_map(|(i, n)| {
                    let mut p = physical(sm, style, n.loc)?;
                    p["id"] = json!(i);
                    p["message"] = json!({"text": n.message});
                    Some(p)
                })
                .collect();
            if !related.is_empty() {
                r["relatedLocations"] = json!(related);
            }
            r
        })
        .collect();
    // The project root, or the working directory relative paths are relative to.
    let src_root = match &style.root {
        Some(root) => format!("{}/", uri(&root.display().to_string()).0.trim_end_matches('/')),
        None => "./".to_owned(),
    };
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "tdq-lint",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://llvm.org/docs/TableGen/",
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": src_root}},
            "results": results,
        }],
    });
    let mut s = serde_json::to_string_pretty(&log).unwrap_or_default();
    s.push('\n');
    s
}

/// GitHub Actions workflow commands: `::warning file=F,line=L,col=C,title=ID::message`.
pub fn github(findings: &[Finding], sm: &SourceMgr, style: &Style) -> String {
    let mut out = String::new();
    for f in findings {
        let kind = match f.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "notice",
        };
        let mut props = Vec::new();
        if let Some((file, line, col)) = place(sm, style, f.loc) {
            props.push(format!("file={}", escape_property(&file)));
            props.push(format!("line={line}"));
            props.push(format!("col={col}"));
        }
        props.push(format!("title={}", escape_property(&format!("{} ({})", f.lint, f.record))));
        let _ = writeln!(out, "::{kind} {}::{}", props.join(","), escape_data(&f.message));
    }
    out
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// `--statistics`: findings per lint, most first.
pub fn statistics(findings: &[Finding]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in findings {
        *counts.entry(&f.lint).or_default() += 1;
    }
    let mut rows: Vec<(&str, usize)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut out = String::new();
    for (lint, n) in rows {
        let summary = crate::rules::find(lint).map_or_else(|| "user lint".to_string(), |l| l.summary());
        let _ = writeln!(out, "{n:>7}  {lint:<28}  {summary}");
    }
    let _ = writeln!(out, "{:>7}  total", findings.len());
    out
}
