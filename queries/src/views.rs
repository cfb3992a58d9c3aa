//! The per-class views: `Instruction` is the defs deriving from class `Instruction`, with
//! `id`, `name`, `anonymous`, `file`, `line` and the class's fields as columns.
//!
//! A store has as many classes as a target (AMDGPU: 1807); making every view up front would
//! slow every query's start, so each engine makes only the views a query names, with SQL
//! built here from the store's tables (and valid in both engines).

use crate::scan;
use crate::{Cell, QueryError, ResultSet};
use std::collections::HashSet;
use tdq_store::schema::{is_reserved_name, quote_ident, RECORD_COLUMNS};

/// Runs a small query on the engine that will hold the views.
pub type Lookup<'a> = dyn FnMut(&str) -> Result<ResultSet, QueryError> + 'a;

/// One class view to create: its name and the SELECT defining it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassView {
    pub name: String,
    pub select: String,
}

/// The views for the classes named in `sql` that are not tables and not in `existing`.
pub fn views_for(sql: &str, existing: &HashSet<String>, lookup: &mut Lookup<'_>) -> Result<Vec<ClassView>, QueryError> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for ident in scan::identifiers(sql) {
        if existing.contains(&ident) || !seen.insert(ident.clone()) {
            continue;
        }
        // A class named like a store table is reached as `class:Name`.
        let class = match ident.strip_prefix("class:") {
            Some(c) => c.to_owned(),
            None if is_reserved_name(&ident) => continue,
            None => ident.clone(),
        };
        if let Some(select) = class_view_select(&class, lookup)? {
            out.push(ClassView { name: ident, select });
        }
    }
    Ok(out)
}

/// The SELECT of the view over class `class`, or `None` when there is no such class.
pub fn class_view_select(class: &str, lookup: &mut Lookup<'_>) -> Result<Option<String>, QueryError> {
    Ok(class_view(class, lookup)?.map(|v| v.select))
}

/// A class view's definition: its SELECT, and its columns with the TableGen type of the field
/// each holds (`None` for the fixed columns).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassViewDef {
    pub select: String,
    pub columns: Vec<(String, Option<String>)>,
}

/// The view over class `class`, or `None` when there is no such class.
pub fn class_view(class: &str, lookup: &mut Lookup<'_>) -> Result<Option<ClassViewDef>, QueryError> {
    let ids = lookup(&format!("SELECT id FROM classes WHERE name = {}", quote_str(class)))?;
    let Some(Cell::Int(id)) = ids.rows.first().and_then(|r| r.first()).cloned() else {
        return Ok(None);
    };
    let fields = lookup(&format!(
        "SELECT f.field, c.col, f.type FROM fields f LEFT JOIN tdq_columns c ON c.field = f.field \
         WHERE f.record_id = {id} AND f.template_arg = 0 ORDER BY f.position"
    ))?;
    let mut used: HashSet<String> = RECORD_COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut select: Vec<String> = RECORD_COLUMNS.iter().map(|c| quote_ident(c)).collect();
    let mut columns: Vec<(String, Option<String>)> = RECORD_COLUMNS.iter().map(|c| (c.to_string(), None)).collect();
    for row in &fields.rows {
        let ty = match row.get(2) {
            Some(Cell::Text(t)) => Some(t.clone()),
            _ => None,
        };
        match (&row[0], &row[1]) {
            (_, Cell::Text(col)) => {
                // A field whose column name is taken (by a record column) is left out.
                if !used.insert(col.to_ascii_lowercase()) {
                    continue;
                }
                select.push(quote_ident(col));
                columns.push((col.clone(), ty));
            }
            // No def has this field: the column exists in the view all the same, empty.
            (Cell::Text(field), _) => {
                let mut col = field.clone();
                while !used.insert(col.to_ascii_lowercase()) {
                    col.push('_');
                }
                select.push(format!("NULL AS {}", quote_ident(&col)));
                columns.push((col, ty));
            }
            _ => {}
        }
    }
    Ok(Some(ClassViewDef {
        select: format!(
            "SELECT {} FROM records WHERE id IN (SELECT record_id FROM tdq_superclasses WHERE superclass_id = {id})",
            select.join(", ")
        ),
        columns,
    }))
}

/// The view of every class, named as [`tdq_store::schema::class_view_name`] names it, for a
/// store that other programs query (`tdq export --db`).
/// Each is (view name, class, definition).
pub fn all_class_views(lookup: &mut Lookup<'_>) -> Result<Vec<(String, String, ClassViewDef)>, QueryError> {
    let classes = lookup("SELECT DISTINCT name FROM classes ORDER BY name")?.first_column_texts();
    let mut out = Vec::new();
    for class in classes {
        if let Some(view) = class_view(&class, lookup)? {
            out.push((tdq_store::schema::class_view_name(&class), class, view));
        }
    }
    Ok(out)
}

/// `s` as a SQL string literal.
pub fn quote_str(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}
