//! The markdown format, for a pull-request comment: the summary as a table, then each kind of
//! difference in a collapsed section, changes as `diff` code blocks.

use super::{counts_phrase, values, RenderOptions};
use crate::diff::compare::{Diff, SUPERCLASSES};
use std::io::{self, Write};

/// How many entries of each list a comment shows (all with `--full`): a pull-request comment
/// has a size limit, and a reader wants the shape of the change first.
const SHOWN: usize = 100;

/// "… and N more" as a list item, when `total` is more than `shown`.
fn more(out: &mut dyn Write, total: usize, shown: usize) -> io::Result<()> {
    if total > shown {
        writeln!(out, "- … and {} more", total - shown)?;
    }
    Ok(())
}

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    let shown = if options.full { usize::MAX } else { SHOWN };
    writeln!(out, "### tdq diff: {}\n", counts_phrase(&diff.counts()))?;
    writeln!(out, "`{}` → `{}`\n", options.old_name, options.new_name)?;
    if diff.is_empty() {
        return Ok(());
    }
    writeln!(out, "| Class | Added | Removed | Renamed | Changed |")?;
    writeln!(out, "|---|---:|---:|---:|---:|")?;
    let mut by_class: Vec<_> = diff.counts_by_class().into_iter().collect();
    by_class.sort_by(|a, b| b.1.total().cmp(&a.1.total()).then(a.0.cmp(b.0)));
    for (class, c) in by_class.iter().take(shown) {
        writeln!(out, "| `{class}` | {} | {} | {} | {} |", c.added, c.removed, c.renamed, c.changed)?;
    }
    if by_class.len() > shown {
        writeln!(out, "| … and {} more classes | | | | |", by_class.len() - shown)?;
    }
    if options.stat {
        return Ok(());
    }
    if !diff.groups.is_empty() {
        writeln!(out, "\n#### Changes shared by several defs\n")?;
        for g in diff.groups.iter().take(shown) {
            let place = g.set_at.first().map(|l| format!(", set at `{l}`")).unwrap_or_default();
            let how = if g.edit { format!(" (the same edit; as in `{}`)", g.records[0]) } else { String::new() };
            writeln!(
                out,
                "<details><summary><code>{}</code> in {} defs{how}{place}</summary>\n",
                html(g.field),
                g.records.len()
            )?;
            writeln!(out, "```diff\n{}```\n", change_lines(g.field, g.old.as_deref(), g.new))?;
            let mut names: Vec<String> = g.records.iter().take(shown).map(|r| format!("`{r}`")).collect();
            if g.records.len() > shown {
                names.push(format!("… and {} more", g.records.len() - shown));
            }
            writeln!(out, "{}\n</details>\n", names.join(" "))?;
        }
        if diff.groups.len() > shown {
            writeln!(out, "… and {} more shared changes\n", diff.groups.len() - shown)?;
        }
    }
    let lists = [("Added", &diff.added), ("Removed", &diff.removed)];
    for (title, records) in lists {
        if records.is_empty() {
            continue;
        }
        writeln!(out, "\n<details><summary>{title} ({})</summary>\n", records.len())?;
        for r in records.iter().take(shown) {
            writeln!(out, "- `{}` ({})", r.name, r.classes.join(", "))?;
        }
        more(out, records.len(), shown)?;
        writeln!(out, "\n</details>")?;
    }
    if !diff.renamed.is_empty() {
        writeln!(out, "\n<details><summary>Renamed ({})</summary>\n", diff.renamed.len())?;
        for (o, n) in diff.renamed.iter().take(shown) {
            writeln!(out, "- `{}` → `{}`", o.name, n.name)?;
        }
        more(out, diff.renamed.len(), shown)?;
        writeln!(out, "\n</details>")?;
    }
    let own: Vec<_> =
        diff.changed.iter().filter(|c| c.classes.is_some() || c.fields.iter().any(|f| f.group.is_none())).collect();
    if !own.is_empty() {
        writeln!(out, "\n<details><summary>Changed ({})</summary>\n", own.len())?;
        let total = own.len();
        for c in own.into_iter().take(shown) {
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
        more(out, total, shown)?;
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
