//! What an exported store (`tdq export --db`) holds beyond a cached one: a view per class and
//! the `schema_docs` table, so sqlite3, Python or pandas query it as `tdq` does
//! (`select name, Size from Instruction`) and can read what each table and column is; and
//! the target model's tables ([`crate::model`]) when the records are a target.
//!
//! A cached store has neither: tdq makes the class views a query names when it runs it
//! (`tdq_queries::views`), and every view in a store's schema is parsed whenever it is opened.

use crate::cache::StoreError;
use crate::model::MODEL_TABLES;
use crate::schema::{quote_ident, TableDoc, TABLES};
use rusqlite::Connection;
use std::path::Path;

/// One class view: its name, SELECT, and columns with the TableGen type of each field.
pub struct ClassView {
    pub name: String,
    pub class: String,
    pub select: String,
    pub columns: Vec<(String, Option<String>)>,
}

/// The documentation table: one row per table or view (`col` NULL), then one per column.
pub const SCHEMA_DOCS_DDL: &str = "CREATE TABLE schema_docs(object TEXT NOT NULL, kind TEXT NOT NULL, \
col TEXT, type TEXT, about TEXT NOT NULL)";

/// Adds the class views and `schema_docs` to the store at `path`, in one transaction.
pub fn add_views_and_docs(path: &Path, views: &[ClassView]) -> Result<(), StoreError> {
    let mut conn = Connection::open(path)?;
    let tx = conn.transaction()?;
    tx.execute_batch(SCHEMA_DOCS_DDL)?;
    {
        let mut doc = tx.prepare("INSERT INTO schema_docs VALUES (?1, ?2, ?3, ?4, ?5)")?;
        let exists = |name: &str| {
            tx.query_row("SELECT count(*) FROM sqlite_schema WHERE name = ?1", [name], |r| r.get::<_, i64>(0))
                .is_ok_and(|n| n == 1)
        };
        let model_tables: Vec<&TableDoc> = MODEL_TABLES.iter().filter(|t| exists(t.name)).collect();
        for t in TABLES.iter().filter(|t| !t.name.starts_with('<')).chain(model_tables) {
            let kind = if matches!(t.name, "fields" | "superclasses" | "records") { "view" } else { "table" };
            doc.execute((t.name, kind, None::<&str>, None::<&str>, t.about))?;
            for (cols, about) in t.columns {
                for col in cols.split(", ").filter(|c| !c.starts_with('<')) {
                    doc.execute((t.name, kind, Some(col), None::<&str>, about))?;
                }
            }
        }
        for v in views {
            tx.execute_batch(&format!("CREATE VIEW {} AS {};", quote_ident(&v.name), v.select))?;
            let about = format!("the defs deriving from class {}, one column per field of the class", v.class);
            doc.execute((&v.name, "class view", None::<&str>, None::<&str>, &about))?;
            for (col, ty) in &v.columns {
                doc.execute((&v.name, "class view", Some(col), ty.as_deref(), "field of the class"))?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}
