//! The JSON format, for programs. Its schema is documented in docs/diff.md; `version` changes
//! when a key changes meaning or goes away.

use super::{counts_phrase, RenderOptions};
use crate::diff::compare::{Counts, Diff, FieldChange};
use crate::diff::model::{FieldSnapshot, RecordSnapshot};
use serde_json::{json, Map, Value};
use std::io::{self, Write};

const VERSION: u32 = 1;

pub fn render(diff: &Diff<'_>, options: &RenderOptions<'_>, out: &mut dyn Write) -> io::Result<()> {
    let mut by_class = Map::new();
    for (class, c) in diff.counts_by_class() {
        by_class.insert(class.to_string(), counts(&c));
    }
    let mut summary = counts(&diff.counts());
    summary["by_class"] = Value::Object(by_class);
    summary["text"] = Value::String(counts_phrase(&diff.counts()));
    let mut fields = Map::new();
    for (field, n) in diff.changes_by_field() {
        fields.insert(field.to_string(), Value::from(n));
    }
    summary["fields"] = Value::Object(fields);
    let mut root = json!({
        "version": VERSION,
        "old": options.old_name,
        "new": options.new_name,
        "equal": diff.is_empty(),
        "summary": summary,
    });
    if !options.stat {
        root["added"] = diff.added.iter().map(|r| record(r)).collect();
        root["removed"] = diff.removed.iter().map(|r| record(r)).collect();
        root["renamed"] = diff
            .renamed
            .iter()
            .map(|(o, n)| json!({"old": o.name, "new": n.name, "classes": n.classes.iter().map(|c| &**c).collect::<Vec<_>>()}))
            .collect();
        root["changed"] = diff
            .changed
            .iter()
            .map(|c| {
                let mut r = record(c.new);
                r["old_name"] = Value::String(c.old.name.clone());
                if let Some((old, new)) = c.classes {
                    r["superclasses"] = json!({
                        "old": old.iter().map(|c| &**c).collect::<Vec<_>>(),
                        "new": new.iter().map(|c| &**c).collect::<Vec<_>>(),
                    });
                }
                r["fields"] = c.fields.iter().map(field_change).collect();
                r
            })
            .collect();
        root["groups"] = diff
            .groups
            .iter()
            .map(|g| {
                json!({
                    "field": g.field,
                    "edit": g.edit,
                    "old": g.old.as_deref(),
                    "new": g.new,
                    "count": g.records.len(),
                    "records": g.records,
                    "set_at": g.set_at.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    serde_json::to_writer_pretty(&mut *out, &root).map_err(io::Error::other)?;
    writeln!(out)
}

fn counts(c: &Counts) -> Value {
    json!({"added": c.added, "removed": c.removed, "renamed": c.renamed, "changed": c.changed})
}

fn record(r: &RecordSnapshot) -> Value {
    json!({
        "name": r.name,
        "anonymous": r.anonymous,
        "from_anonymous": r.from_anonymous,
        "classes": r.classes.iter().map(|c| &**c).collect::<Vec<_>>(),
        "locs": r.locs.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        "multiclasses": r.multiclasses.iter().map(|c| &**c).collect::<Vec<_>>(),
    })
}

fn field_change(f: &FieldChange<'_>) -> Value {
    let side = |v: Option<&FieldSnapshot>, printed: Option<&str>| match v {
        None => Value::Null,
        Some(v) => json!({
            "type": &*v.ty,
            "printable": printed.unwrap_or(&v.value.printed),
            // The value as --dump-json writes it; it is JSON we wrote ourselves.
            "value": serde_json::from_str::<Value>(&v.value.json).unwrap_or(Value::Null),
            "set_at": v.set_at.as_ref().map(|l| l.to_string()),
        }),
    };
    json!({
        "field": f.name,
        "old": side(f.old, f.old_printed.as_deref()),
        "new": side(f.new, None),
        "group": f.group,
    })
}
