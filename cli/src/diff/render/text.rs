//! The text format: a summary first (the counts, the classes with the most differences, the
//! fields changed in most defs), then the added and removed defs by class, renamed defs, each
//! change shared by several defs once, and `~` changed defs with each changed field as
//! `field: old → new`. Long lists are cut, saying how many more there are (`--full` prints
//! them all; the JSON always has everything), so a diff of two releases stays readable.

use super::{counts_phrase, inline_diff, is_long, values, Piece, RenderOptions};
use crate::diff::compare::{summary_class, Changed, Counts, Diff, FieldChange, Group, SUPERCLASSES};
use crate::diff::model::RecordSnapshot;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// ANSI styling, or none.
struct Style {
    color: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.color && !text.is_empty() {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
    fn removed(&self, t: &str) -> String {
        self.paint("31", t)
    }
    fn added(&self, t: &str) -> String {
        self.paint("32", t)
    }
    fn changed(&self, t: &str) -> String {
        self.paint("33", t)
    }
    fn bold(&self, t: &str) -> String {
        self.paint("1", t)
    }
    fn dim(&self, t: &str) -> String {
        self.paint("2", t)
    }
}

/// How much of each list the text shows (all of it with `--full`; the JSON has everything).
struct Cuts {
    /// Classes in the summary, most changed first.
    classes: usize,
    /// Fields in "changed most".
    fields: usize,
    /// Names on one line (added or removed defs of a class, the defs of a shared change).
    names: usize,
    /// Renamed defs.
    renamed: usize,
    /// Shared changes, largest first.
    groups: usize,
    /// Defs with changes of their own.
    changed: usize,
    /// Lines of one value's inline diff.
    value_lines: usize,
}

const CUT: Cuts = Cuts { classes: 12, fields: 10, names: 8, renamed: 20, groups: 40, changed: 60, value_lines: 8 };
const FULL: Cuts = Cuts {
    classes: usize::MAX,
    fields: usize::MAX,
    names: usize::MAX,
    renamed: usize::MAX,
    groups: usize::MAX,
    changed: usize::MAX,
    value_lines: usize::MAX,
};

/// "… and N more" after the `shown` first of `total` things, or nothing.
fn more(total: usize, shown: usize, what: &str) -> Option<String> {
    (total > shown).then(|| format!("… and {} more{what}", total - shown))
}

/// `names` on one line, the first `cut` of them, then "… and N more".
fn name_line<'n>(names: impl ExactSizeIterator<Item = &'n str>, cut: usize) -> String {
    let total = names.len();
    let mut line: Vec<&str> = names.take(cut).collect();
    let rest = more(total, line.len(), "");
    if let Some(rest) = &rest {
        line.push(rest);
    }
    line.join(" ")
}

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    // Equal sides print nothing, as diff(1).
    if diff.is_empty() {
        return Ok(());
    }
    let s = Style { color: options.color };
    let cuts = if options.full { &FULL } else { &CUT };
    summary(diff, cuts, &s, out)?;
    if options.stat {
        return Ok(());
    }
    for (sign, records) in [(s.added("+"), &diff.added), (s.removed("-"), &diff.removed)] {
        if records.is_empty() {
            continue;
        }
        // Each class's defs on one line, the largest classes first.
        let mut by_class: BTreeMap<&str, Vec<&RecordSnapshot>> = BTreeMap::new();
        for r in records.iter() {
            by_class.entry(summary_class(r)).or_default().push(r);
        }
        let mut by_class: Vec<(&str, Vec<&RecordSnapshot>)> = by_class.into_iter().collect();
        by_class.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
        writeln!(out)?;
        // A few defs, each with its classes and place; more, by class.
        if records.len() <= CUT.names {
            for (i, r) in records.iter().enumerate() {
                writeln!(out, "{}{sign} {}", if i > 0 { "\n" } else { "" }, s.bold(&r.name))?;
                record_details(r, &s, out)?;
            }
            continue;
        }
        for (class, defs) in by_class.iter().take(cuts.classes) {
            let names = name_line(defs.iter().map(|r| r.name.as_str()), cuts.names);
            writeln!(out, "{sign} {} {}: {names}", defs.len(), s.bold(class))?;
        }
        if by_class.len() > cuts.classes {
            let rest: usize = by_class.iter().skip(cuts.classes).map(|(_, defs)| defs.len()).sum();
            writeln!(out, "{sign} … and {rest} more of {} more classes", by_class.len() - cuts.classes)?;
        }
    }
    if !diff.renamed.is_empty() {
        writeln!(out)?;
        for (o, n) in diff.renamed.iter().take(cuts.renamed) {
            writeln!(out, "{} {} → {} (renamed)", s.changed("~"), s.bold(&o.name), s.bold(&n.name))?;
        }
        if let Some(rest) = more(diff.renamed.len(), cuts.renamed, " renamed defs") {
            writeln!(out, "{rest}")?;
        }
    }
    let groups = diff.groups.len();
    for g in diff.groups.iter().take(cuts.groups) {
        group(g, cuts, &s, out)?;
    }
    if let Some(rest) = more(groups, cuts.groups, " changes shared by several defs (each smaller than those above)") {
        writeln!(out, "\n{rest}")?;
    }
    let own: Vec<&Changed<'_>> = diff.changed.iter().filter(|c| has_own_changes(c)).collect();
    for c in own.iter().take(cuts.changed) {
        changed(c, cuts, &s, out)?;
    }
    if let Some(rest) = more(own.len(), cuts.changed, " changed defs") {
        writeln!(out, "\n{rest}")?;
    }
    if !options.full && (groups > cuts.groups || own.len() > cuts.changed || cut_anything(diff, cuts)) {
        writeln!(
            out,
            "\n(lists cut: --full prints everything, --format json has everything; --class, --record and --field narrow the diff)"
        )?;
    }
    Ok(())
}

/// Whether a cut list (names, classes, renames) left something out.
fn cut_anything(diff: &Diff<'_>, cuts: &Cuts) -> bool {
    let names = |records: &[&RecordSnapshot]| {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for r in records {
            *by.entry(summary_class(r)).or_default() += 1;
        }
        by.values().any(|&n| n > cuts.names)
    };
    (diff.added.len() > 1 && names(&diff.added))
        || (diff.removed.len() > 1 && names(&diff.removed))
        || diff.renamed.len() > cuts.renamed
        || diff.groups.iter().any(|g| g.records.len() > cuts.names)
        || diff.counts_by_class().len() > cuts.classes
}

/// The counts, the classes with the most differences, and the fields changed in most defs.
fn summary(diff: &Diff<'_>, cuts: &Cuts, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", s.bold(&counts_phrase(&diff.counts())))?;
    let mut by_class: Vec<(&str, Counts)> = diff.counts_by_class().into_iter().collect();
    by_class.sort_by(|a, b| b.1.total().cmp(&a.1.total()).then(a.0.cmp(b.0)));
    let width = by_class.iter().take(cuts.classes).map(|(c, _)| c.chars().count()).max().unwrap_or(0);
    for (class, counts) in by_class.iter().take(cuts.classes) {
        writeln!(out, "  {class:width$}  {}", counts_phrase(counts))?;
    }
    if let Some(rest) = more(by_class.len(), cuts.classes, " classes") {
        writeln!(out, "  {rest}")?;
    }
    let fields = diff.changes_by_field();
    if !fields.is_empty() {
        writeln!(out, "changed most:")?;
        let width = fields.iter().take(cuts.fields).map(|(f, _)| f.chars().count()).max().unwrap_or(0);
        for (field, n) in fields.iter().take(cuts.fields) {
            writeln!(out, "  {field:width$}  {n} def{}", if *n == 1 { "" } else { "s" })?;
        }
        if let Some(rest) = more(fields.len(), cuts.fields, " fields") {
            writeln!(out, "  {rest}")?;
        }
    }
    Ok(())
}

/// Whether a changed def has changes not shown in a group.
fn has_own_changes(c: &Changed<'_>) -> bool {
    c.classes.is_some() || c.fields.iter().any(|f| f.group.is_none())
}

fn record_details(r: &RecordSnapshot, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    if !r.classes.is_empty() {
        writeln!(out, "    {}", s.dim(&format!("classes: {}", r.classes.join(", "))))?;
    }
    if let Some(loc) = r.locs.first() {
        writeln!(out, "    {}", s.dim(&format!("at {loc}")))?;
    }
    Ok(())
}

/// A changed def with the changes not shown in a group; nothing when every change is.
fn changed(c: &Changed<'_>, cuts: &Cuts, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    let own: Vec<&FieldChange<'_>> = c.fields.iter().filter(|f| f.group.is_none()).collect();
    if !has_own_changes(c) {
        return Ok(());
    }
    let renamed = if c.old.name != c.new.name { format!(" (was {})", c.old.name) } else { String::new() };
    writeln!(out, "\n{} {}{renamed}", s.changed("~"), s.bold(&c.new.name))?;
    if let Some((old, new)) = c.classes {
        writeln!(out, "    {SUPERCLASSES}: [{}] → [{}]", s.removed(&old.join(", ")), s.added(&new.join(", ")))?;
    }
    for f in own {
        let (old, new) = values(f);
        write_change(f.name, old, new, "    ", cuts, s, out)?;
    }
    Ok(())
}

fn group(g: &Group<'_>, cuts: &Cuts, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    if g.edit {
        write!(out, "\n{} {} defs, the same edit, as in {}: ", s.changed("~"), g.records.len(), g.records[0])?;
    } else {
        write!(out, "\n{} {} defs: ", s.changed("~"), g.records.len())?;
    }
    write_change(g.field, g.old.as_deref(), g.new, "", cuts, s, out)?;
    match g.set_at.as_slice() {
        [] => {}
        [one] => writeln!(out, "    {}", s.dim(&format!("set at {one}")))?,
        [first, rest @ ..] => {
            writeln!(out, "    {}", s.dim(&format!("set at {first} and {} more places", rest.len())))?
        }
    }
    writeln!(out, "    {}", name_line(g.records.iter().copied(), cuts.names))
}

/// `name: old → new`, or an inline diff of the two when they are long.
fn write_change(
    name: &str,
    old: Option<&str>,
    new: Option<&str>,
    indent: &str,
    cuts: &Cuts,
    s: &Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    match (old, new) {
        (Some(old), Some(new)) if is_long(old) || is_long(new) => {
            let mut line = String::new();
            for piece in inline_diff(old, new) {
                match piece {
                    Piece::Same(t) => line.push_str(t),
                    Piece::Removed(t) if s.color => line.push_str(&s.removed(t)),
                    Piece::Inserted(t) if s.color => line.push_str(&s.added(t)),
                    Piece::Removed(t) => line.push_str(&format!("[-{t}-]")),
                    Piece::Inserted(t) => line.push_str(&format!("{{+{t}+}}")),
                }
            }
            let mut lines: Vec<&str> = line.split('\n').collect();
            let total = lines.len();
            lines.truncate(cuts.value_lines);
            let mut shown = lines.join(&format!("\n{indent}  "));
            if let Some(rest) = more(total, lines.len(), " lines") {
                shown.push_str(&format!("\n{indent}  {rest}"));
            }
            writeln!(out, "{indent}{name}: {shown}")
        }
        _ => {
            let show = |v: Option<&str>| v.map_or_else(|| "(no field)".to_string(), str::to_string);
            writeln!(out, "{indent}{name}: {} → {}", s.removed(&show(old)), s.added(&show(new)))
        }
    }
}
