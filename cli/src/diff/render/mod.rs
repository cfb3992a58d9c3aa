//! The output formats of `tdq diff`: text for a terminal, JSON for programs, markdown for a
//! pull-request comment. Each renders the same [`Diff`].

mod json;
mod markdown;
mod text;

use super::compare::{word_diff, Counts, Diff, FieldChange};
use std::io::{self, Write};

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Markdown,
}

/// What a renderer needs besides the diff.
pub struct RenderOptions<'a> {
    pub format: Format,
    /// `--stat`: the summary only.
    pub stat: bool,
    /// `--full`: the text and markdown formats list everything, uncut.
    pub full: bool,
    /// `--name-only`: the names of the defs that differ, one a line.
    pub name_only: bool,
    /// Colour the text format (a terminal without NO_COLOR, or `--color always`).
    pub color: bool,
    /// The two sides as given on the command line.
    pub old_name: &'a str,
    pub new_name: &'a str,
}

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    if options.name_only {
        return names(diff, out);
    }
    match options.format {
        Format::Text => text::render(diff, options, out),
        Format::Json => json::render(diff, options, out),
        Format::Markdown => markdown::render(diff, options, out),
    }
}

/// `--name-only`: every def that differs, by its new name (its old one when removed), sorted,
/// one a line, as `git diff --name-only` lists files.
fn names(diff: &Diff<'_>, out: &mut dyn Write) -> io::Result<()> {
    let mut names: Vec<&str> = diff
        .added
        .iter()
        .chain(&diff.removed)
        .map(|r| r.name.as_str())
        .chain(diff.renamed.iter().map(|(_, n)| n.name.as_str()))
        .chain(diff.changed.iter().map(|c| c.new.name.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        writeln!(out, "{name}")?;
    }
    Ok(())
}

/// "3 added, 1 removed, 400 changed": the counts that are not zero.
fn counts_phrase(c: &Counts) -> String {
    let parts: Vec<String> =
        [(c.added, "added"), (c.removed, "removed"), (c.renamed, "renamed"), (c.changed, "changed")]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
    if parts.is_empty() {
        "no differences".to_string()
    } else {
        parts.join(", ")
    }
}

/// Values longer than this (or spanning lines) are shown as an inline diff.
const LONG_VALUE: usize = 60;

fn is_long(v: &str) -> bool {
    v.len() > LONG_VALUE || v.contains('\n')
}

/// One piece of an inline diff of two values.
enum Piece<'a> {
    Same(&'a str),
    Removed(&'a str),
    Inserted(&'a str),
}

/// The word-level difference of two values, coalesced into runs.
fn inline_diff<'a>(old: &'a str, new: &'a str) -> Vec<Piece<'a>> {
    let diff = word_diff(old, new);
    let (old_words, new_words) = (diff.old_slices(), diff.new_slices());
    // Words are slices of the values, so a run of them is one slice too.
    let span = |words: &[&'a str], range: std::ops::Range<usize>, text: &'a str| -> &'a str {
        if range.is_empty() {
            return "";
        }
        let start = words[range.start].as_ptr() as usize - text.as_ptr() as usize;
        let last = words[range.end - 1];
        let end = last.as_ptr() as usize - text.as_ptr() as usize + last.len();
        &text[start..end]
    };
    let mut pieces: Vec<Piece<'a>> = Vec::new();
    for op in diff.ops() {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        match tag {
            similar::DiffTag::Equal => pieces.push(Piece::Same(span(old_words, old_range, old))),
            similar::DiffTag::Delete => pieces.push(Piece::Removed(span(old_words, old_range, old))),
            similar::DiffTag::Insert => pieces.push(Piece::Inserted(span(new_words, new_range, new))),
            similar::DiffTag::Replace => {
                pieces.push(Piece::Removed(span(old_words, old_range, old)));
                pieces.push(Piece::Inserted(span(new_words, new_range, new)));
            }
        }
    }
    pieces
}

/// A field change's two printed values (the old one with matched anonymous names rewritten).
fn values<'c>(change: &'c FieldChange<'_>) -> (Option<&'c str>, Option<&'c str>) {
    (change.old_printed.as_deref(), change.new_printed())
}
