//! The text format: a summary by class, then `+` added, `-` removed and `~` changed defs with
//! each changed field as `field: old → new`, and each change shared by several defs once.

use super::{counts_phrase, inline_diff, is_long, values, Piece, RenderOptions};
use crate::diff::compare::{Changed, Diff, FieldChange, Group, SUPERCLASSES};
use crate::diff::model::RecordSnapshot;
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

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    // Equal sides print nothing, as diff(1).
    if diff.is_empty() {
        return Ok(());
    }
    let s = Style { color: options.color };
    writeln!(out, "{}", s.bold(&counts_phrase(&diff.counts())))?;
    let by_class = diff.counts_by_class();
    let width = by_class.keys().map(|c| c.len()).max().unwrap_or(0);
    for (class, counts) in &by_class {
        writeln!(out, "  {class:width$}  {}", counts_phrase(counts))?;
    }
    if options.stat {
        return Ok(());
    }
    for r in &diff.added {
        writeln!(out, "\n{} {}", s.added("+"), s.bold(&r.name))?;
        record_details(r, &s, out)?;
    }
    for r in &diff.removed {
        writeln!(out, "\n{} {}", s.removed("-"), s.bold(&r.name))?;
        record_details(r, &s, out)?;
    }
    for (o, n) in &diff.renamed {
        writeln!(out, "\n{} {} → {} (renamed)", s.changed("~"), s.bold(&o.name), s.bold(&n.name))?;
    }
    for c in &diff.changed {
        changed(c, &s, out)?;
    }
    for g in &diff.groups {
        group(g, &s, out)?;
    }
    Ok(())
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
fn changed(c: &Changed<'_>, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    let own: Vec<&FieldChange<'_>> = c.fields.iter().filter(|f| f.group.is_none()).collect();
    if own.is_empty() && c.classes.is_none() {
        return Ok(());
    }
    let renamed = if c.old.name != c.new.name { format!(" (was {})", c.old.name) } else { String::new() };
    writeln!(out, "\n{} {}{renamed}", s.changed("~"), s.bold(&c.new.name))?;
    if let Some((old, new)) = c.classes {
        writeln!(out, "    {SUPERCLASSES}: [{}] → [{}]", s.removed(&old.join(", ")), s.added(&new.join(", ")))?;
    }
    for f in own {
        let (old, new) = values(f);
        write_change(f.name, old, new, "    ", s, out)?;
    }
    Ok(())
}

fn group(g: &Group<'_>, s: &Style, out: &mut dyn Write) -> io::Result<()> {
    if g.edit {
        write!(out, "\n{} {} defs, the same edit, as in {}: ", s.changed("~"), g.records.len(), g.records[0])?;
    } else {
        write!(out, "\n{} {} defs: ", s.changed("~"), g.records.len())?;
    }
    write_change(g.field, g.old.as_deref(), g.new, "", s, out)?;
    match g.set_at.as_slice() {
        [] => {}
        [one] => writeln!(out, "    {}", s.dim(&format!("set at {one}")))?,
        [first, rest @ ..] => {
            writeln!(out, "    {}", s.dim(&format!("set at {first} and {} more places", rest.len())))?
        }
    }
    writeln!(out, "    {}", g.records.join(" "))
}

/// `name: old → new`, or an inline diff of the two when they are long.
fn write_change(
    name: &str,
    old: Option<&str>,
    new: Option<&str>,
    indent: &str,
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
            let line = line.replace('\n', &format!("\n{indent}  "));
            writeln!(out, "{indent}{name}: {line}")
        }
        _ => {
            let show = |v: Option<&str>| v.map_or_else(|| "(no field)".to_string(), str::to_string);
            writeln!(out, "{indent}{name}: {} → {}", s.removed(&show(old)), s.added(&show(new)))
        }
    }
}
