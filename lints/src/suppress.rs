//! Findings a maintainer has accepted: inline `// tdq-lint: allow(ID, ...) reason` comments in
//! the .td sources, and baseline files.
//!
//! An allow comment counts on the line of the def (or class), of a `defm` that instantiated it,
//! or of the `let` that set the blamed field, or alone on the line just before one of them. A
//! baseline keys findings on lint, record and field — never line numbers — so unrelated edits
//! do not bring old findings back. An anonymous def, or one named from an anonymous `defm`, is
//! keyed by its identity ([`Finding::identity`]), never by its number, which any anonymous def
//! added before it shifts.

use crate::context::Context;
use crate::Finding;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use tdq_core::Loc;

/// The comment that allows a finding.
pub const ALLOW_MARKER: &str = "tdq-lint: allow(";

/// Whether an allow comment near the finding names its lint (or `all`).
pub fn allowed_inline(ctx: &Context, f: &Finding) -> bool {
    if f.loc.is_none() {
        return false;
    }
    let mut locs = vec![f.loc];
    locs.extend(f.notes.iter().map(|n| n.loc));
    locs.iter().any(|&loc| {
        let (this, before) = lines_around(ctx, loc);
        allows(this, &f.lint) || before.is_some_and(|line| is_comment_line(line) && allows(line, &f.lint))
    })
}

/// A line holding only a comment: a trailing comment belongs to its own line's statement.
fn is_comment_line(line: &[u8]) -> bool {
    line.trim_ascii_start().starts_with(b"//")
}

/// The line of `loc` and the line before it.
fn lines_around<'a>(ctx: &'a Context, loc: Loc) -> (&'a [u8], Option<&'a [u8]>) {
    let this = ctx.sm.line_text(loc);
    let before = ctx.sm.file(loc).and_then(|file| {
        let start = this.as_ptr() as usize - file.text.as_ptr() as usize;
        // Step back over the line end (`\n`, `\r\n` or `\r`) into the previous line.
        let mut end = start.checked_sub(1)?;
        if file.text[end] == b'\n' && end > 0 && file.text[end - 1] == b'\r' {
            end -= 1;
        }
        Some(ctx.sm.line_text(Loc { file: loc.file, offset: end as u32 }))
    });
    (this, before)
}

/// Whether a source line holds `// tdq-lint: allow(...)` naming `lint` or `all`.
fn allows(line: &[u8], lint: &str) -> bool {
    let line = String::from_utf8_lossy(line);
    let Some(comment) = line.find("//").map(|at| &line[at..]) else { return false };
    let Some(start) = comment.find(ALLOW_MARKER).map(|at| at + ALLOW_MARKER.len()) else { return false };
    let Some(len) = comment[start..].find(')') else { return false };
    comment[start..start + len].split(',').map(str::trim).any(|id| id == lint || id == "all")
}

/// A set of accepted findings, by (lint, record or identity, field).
#[derive(Default, Debug, Clone)]
pub struct Baseline {
    keys: BTreeSet<(String, String, String)>,
}

/// The format marker of a baseline file.
const BASELINE_FORMAT: &str = "tdq-lint-baseline/1";

impl Baseline {
    pub fn of(findings: &[Finding]) -> Baseline {
        Baseline { keys: findings.iter().map(Finding::key).collect() }
    }

    pub fn contains(&self, f: &Finding) -> bool {
        self.keys.contains(&f.key())
    }

    /// The file: JSON, one entry a finding, sorted, so that it diffs well under version control.
    pub fn to_json(&self) -> String {
        let entries: Vec<Value> =
            self.keys.iter().map(|(l, r, f)| json!({"lint": l, "record": r, "field": f})).collect();
        let mut s =
            serde_json::to_string_pretty(&json!({"format": BASELINE_FORMAT, "findings": entries})).unwrap_or_default();
        s.push('\n');
        s
    }

    pub fn parse(text: &str) -> Result<Baseline, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not a baseline file: {e}"))?;
        if v.get("format").and_then(Value::as_str) != Some(BASELINE_FORMAT) {
            return Err(format!("not a baseline file: expected \"format\": \"{BASELINE_FORMAT}\""));
        }
        let mut keys = BTreeSet::new();
        for e in v.get("findings").and_then(Value::as_array).into_iter().flatten() {
            let s = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
            match (s("lint"), s("record"), s("field")) {
                (Some(l), Some(r), f) => keys.insert((l, r, f.unwrap_or_default())),
                _ => return Err("baseline entry without \"lint\" and \"record\"".into()),
            };
        }
        Ok(Baseline { keys })
    }
}
