//! The markdown format, for a pull-request comment: the summary as a table, then each kind of
//! difference in a collapsed section, changes as `diff` code blocks.

use super::{counts_phrase, values, RenderOptions};
use crate::diff::compare::{Diff, SUPERCLASSES};
use std::io::{self, Write};

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "### tdq diff: {}\n", counts_phrase(&diff.counts()))?;
    writeln!(out, "`{}` → `{}`\n", options.old_name, options.new_name)?;
    if diff.is_empty() {
        return Ok(());
    }
    writeln!(out, "| Class | Added | Removed | Renamed | Changed |")?;
    writeln!(out, "|---|---:|---:|---:|---:|")?;
    for (class, c) in diff.counts_by_class() {
        writeln!(out, "| `{class}` | {} | {} | {} | {} |", c.added, c.removed, c.renamed, c.changed)?;
    }
    if options.stat {
        return Ok(());
    }
    if !diff.groups.is_empty() {
        writeln!(out, "\n#### Changes shared by several defs\n")?;
        for g in &diff.groups {
            let place = g.set_at.first().map(|l| format!(", set at `{l}`")).unwrap_or_default();
            let how = if g.edit { format!(" (the same edit; as in `{}`)", g.records[0]) } else { String::new() };
            writeln!(
                out,
                "<details><summary><code>{}</code> in {} defs{how}{place}</summary>\n",
                html(g.field),
                g.records.len()
            )?;
            writeln!(out, "```diff\n{}```\n", change_lines(g.field, g.old.as_deref(), g.new))?;
            writeln!(
                out,
                "{}\n</details>\n",
                g.records.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(" ")
            )?;
        }
    }
    let lists = [("Added", &diff.added), ("Removed", &diff.removed)];
    for (title, records) in lists {
        if records.is_empty() {
            continue;
        }
        writeln!(out, "\n<details><summary>{title} ({})</summary>\n", records.len())?;
        for r in records.iter() {
            writeln!(out, "- `{}` ({})", r.name, r.classes.join(", "))?;
        }
        writeln!(out, "\n</details>")?;
    }
    if !diff.renamed.is_empty() {
        writeln!(out, "\n<details><summary>Renamed ({})</summary>\n", diff.renamed.len())?;
        for (o, n) in &diff.renamed {
            writeln!(out, "- `{}` → `{}`", o.name, n.name)?;
        }
        writeln!(out, "\n</details>")?;
    }
    let own: Vec<_> =
        diff.changed.iter().filter(|c| c.classes.is_some() || c.fields.iter().any(|f| f.group.is_none())).collect();
    if !own.is_empty() {
        writeln!(out, "\n<details><summary>Changed ({})</summary>\n", own.len())?;
        for c in own {
            writeln!(out, "`{}`\n```diff", c.new.name)?;
            if let Some((old, new)) = c.classes {
                write!(out, "{}", change_lines(SUPERCLASSES, Some(&old.join(", ")), Some(&new.join(", "))))?;
            }
            for f in c.fields.iter().filter(|f| f.group.is_none()) {
                let (old, new) = values(f);
                write!(out, "{}", change_lines(f.name, old, new))?;
            }
            writeln!(out, "```")?;
        }
        writeln!(out, "\n</details>")?;
    }
    Ok(())
}

/// `- field: old` and `+ field: new` lines (continuation lines of multi-line values indented).
fn change_lines(name: &str, old: Option<&str>, new: Option<&str>) -> String {
    let mut s = String::new();
    for (sign, value) in [("-", old), ("+", new)] {
        if let Some(v) = value {
            s.push_str(&format!("{sign} {name}: {}\n", v.replace('\n', &format!("\n{sign}   "))));
        }
    }
    s
}

fn html(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
