//! The DataFusion engine: the same SQL over the same tables as Arrow, read from a store or
//! from a Parquet export (`tdq export --parquet DIR`), and the export itself.
//!
//! Tables are loaded when a query first names them (`records` of AMDGPU is 107k rows by 1182
//! columns; most queries need a few small tables). `fields` and the per-class views are
//! DataFusion views over the loaded tables, defined by the same SQL as in SQLite.
//! Identifiers are case-sensitive as written (no folding to lower case), so `isCall` means
//! the column `isCall`, as in SQLite.

use crate::views;
use crate::{closest_in_tiers, scan, Cell, Engine, Param, QueryError, ResultSet};
use datafusion::arrow::array::{
    Array, ArrayRef, BinaryBuilder, Float64Builder, Int64Builder, RecordBatch, StringBuilder,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use rusqlite::types::ValueRef;
use rusqlite::Connection;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tdq_store::model::{groups_named, Group, MODEL_TABLE_GROUPS};
use tdq_store::schema::{quote_ident, FIELDS_VIEW, STORED_TABLES, SUPERCLASSES_VIEW};

/// The tables as other engines see them: the stored ones, and `field_values` unpacked from
/// `tdq_records.fields` (SQLite's `fields` view unpacks it with `json_each` instead).
pub fn exported() -> impl Iterator<Item = &'static str> {
    STORED_TABLES.iter().copied().chain(["field_values"])
}

enum Source {
    Store(Connection),
    Parquet(PathBuf),
}

pub struct DataFusionEngine {
    runtime: tokio::runtime::Runtime,
    ctx: SessionContext,
    source: Source,
    /// Tables and views registered so far.
    registered: HashSet<String>,
    /// Where the model tables' files are kept (the cache directory), and the groups attached.
    model_dir: PathBuf,
    attached: Vec<Group>,
}

fn df_error(e: impl std::fmt::Display) -> QueryError {
    QueryError::new(e.to_string())
}

impl DataFusionEngine {
    fn new(source: Source) -> Result<Self, QueryError> {
        let runtime = tokio::runtime::Builder::new_current_thread().build().map_err(df_error)?;
        let config = SessionConfig::new()
            .with_target_partitions(2)
            .set_bool("datafusion.sql_parser.enable_ident_normalization", false);
        let ctx = SessionContext::new_with_config(config);
        Ok(DataFusionEngine {
            runtime,
            ctx,
            source,
            registered: HashSet::new(),
            model_dir: tdq_store::cache::cache_dir(),
            attached: Vec::new(),
        })
    }

    /// Over a store (a connection from `tdq_store::open_read_only`).
    pub fn over_store(conn: Connection) -> Result<Self, QueryError> {
        Self::new(Source::Store(conn))
    }

    /// Keeps the model tables' files under `dir` instead of the cache directory.
    pub fn with_model_dir(mut self, dir: PathBuf) -> Self {
        self.model_dir = dir;
        self
    }

    /// Over the Parquet files of `tdq export --parquet DIR`.
    pub fn over_parquet(dir: &Path) -> Result<Self, QueryError> {
        if !dir.join("records.parquet").is_file() {
            return Err(QueryError::new("no records.parquet here: not a `tdq export --parquet` directory"));
        }
        Self::new(Source::Parquet(dir.to_owned()))
    }

    /// Registers the tables `sql` names, and the views `fields` and `superclasses` with the
    /// tables under them.
    fn ensure_tables(&mut self, sql: &str) -> Result<(), QueryError> {
        let idents: HashSet<String> = scan::identifiers(sql).into_iter().collect();
        let mut wanted: Vec<&str> = exported().filter(|t| idents.contains(*t)).collect();
        let views: Vec<(&str, &str, &[&str])> = vec![
            ("fields", FIELDS_VIEW, &["field_values", "tdq_records", "tdq_names", "types", "vals", "locs"]),
            ("superclasses", SUPERCLASSES_VIEW, &["tdq_superclasses", "tdq_records"]),
        ];
        let views: Vec<_> =
            views.into_iter().filter(|(v, _, _)| idents.contains(*v) && !self.registered.contains(*v)).collect();
        for (_, _, deps) in &views {
            wanted.extend(deps.iter());
        }
        let model_tables: Vec<&str> =
            MODEL_TABLE_GROUPS.iter().map(|(t, _)| *t).filter(|t| idents.contains(*t)).collect();
        if let Source::Store(conn) = &self.source {
            let groups = groups_named(model_tables.iter().copied());
            tdq_store::model::attach_groups(conn, &self.model_dir, &groups, &mut self.attached).map_err(df_error)?;
        }
        wanted.extend(model_tables);
        for table in wanted {
            if self.registered.contains(table) {
                continue;
            }
            match &self.source {
                Source::Store(conn) => {
                    let batch =
                        if table == "field_values" { field_values_batch(conn)? } else { table_batch(conn, table)? };
                    self.ctx.register_batch(table, batch).map_err(df_error)?;
                }
                Source::Parquet(dir) => {
                    let path = dir.join(format!("{table}.parquet"));
                    if !path.is_file() && Group::of_table(table).is_some() {
                        return Err(QueryError::new(format!(
                            "this export has no `{table}`: `tdq export` said why when it wrote it (the target model does not accept these records)"
                        )));
                    }
                    let path = path.to_str().ok_or_else(|| QueryError::new("directory name is not UTF-8"))?;
                    self.runtime
                        .block_on(self.ctx.register_parquet(table, path, ParquetReadOptions::default()))
                        .map_err(df_error)?;
                }
            }
            self.registered.insert(table.to_owned());
        }
        for (name, select, _) in views {
            self.ddl(&format!("CREATE VIEW {name} AS {select}"))?;
            self.registered.insert(name.to_owned());
        }
        Ok(())
    }

    fn ddl(&mut self, sql: &str) -> Result<(), QueryError> {
        let df = self.runtime.block_on(self.ctx.sql(sql)).map_err(df_error)?;
        self.runtime.block_on(df.collect()).map_err(df_error)?;
        Ok(())
    }

    /// Runs one statement with its tables registered.
    fn query(&mut self, sql: &str) -> Result<ResultSet, QueryError> {
        self.ensure_tables(sql)?;
        let df = self.runtime.block_on(self.ctx.sql(sql)).map_err(df_error)?;
        let schema = df.schema().clone();
        let batches = self.runtime.block_on(df.collect()).map_err(df_error)?;
        let columns: Vec<String> = schema.fields().iter().map(|f| f.name().clone()).collect();
        let mut rows = Vec::new();
        for batch in &batches {
            for r in 0..batch.num_rows() {
                rows.push(batch.columns().iter().map(|a| cell(a, r)).collect());
            }
        }
        Ok(ResultSet { columns, rows, star: scan::selects_star(sql) })
    }

    fn make_views(&mut self, sql: &str) -> Result<(), QueryError> {
        let mut existing = self.registered.clone();
        existing.extend(exported().map(str::to_owned));
        existing.extend(["fields".to_string(), "superclasses".to_string()]);
        let mut lookup = |q: &str| self.query(q);
        let wanted = views::views_for(sql, &existing, &mut lookup)?;
        for v in wanted {
            self.ensure_tables("records tdq_superclasses")?;
            self.ddl(&format!("CREATE VIEW {} AS {}", quote_ident(&v.name), v.select))?;
            self.registered.insert(v.name);
        }
        Ok(())
    }

    fn locate(&mut self, sql: &str, offset: usize, mut e: QueryError) -> QueryError {
        // "No field named x", "table 'x' not found": place and explain the unknown name.
        let msg = e.message.clone();
        let unknown = msg
            .split("No field named ")
            .nth(1)
            .map(|rest| rest.split(['.', ' ']).next().unwrap_or("").trim_matches(['"', '\'']).to_owned())
            .or_else(|| {
                msg.split("table '")
                    .nth(1)
                    .and_then(|rest| rest.split('\'').next())
                    .map(|t| t.rsplit('.').next().unwrap_or(t).to_owned())
            });
        if let Some(word) = unknown.filter(|w| !w.is_empty()) {
            if let Some(p) = scan::find_word(&sql[offset..], &word) {
                e.position = Some(scan::line_col(sql, offset + p));
            }
            // The columns of the tables the statement names first, then every other name.
            let mut named = Vec::new();
            let statement = scan::split_statements(&sql[offset..]).first().map_or("", |(_, s)| *s).to_owned();
            for table in scan::identifiers(&statement) {
                if self.registered.contains(&table) {
                    let probe = format!("SELECT * FROM {} LIMIT 0", quote_ident(&table));
                    named.extend(self.query(&probe).map(|rs| rs.columns).unwrap_or_default());
                }
            }
            let candidates = self
                .query("SELECT col FROM tdq_columns UNION ALL SELECT name FROM classes")
                .map(ResultSet::first_column_texts)
                .unwrap_or_default();
            let tiers = [named, candidates];
            if let Some(best) = closest_in_tiers(&word, &tiers) {
                e.hint = Some(format!("did you mean `{best}`?"));
            }
        }
        e
    }
}

impl Engine for DataFusionEngine {
    fn run(&mut self, sql: &str, params: &[Param]) -> Result<Vec<ResultSet>, QueryError> {
        let mut out = Vec::new();
        for (offset, stmt) in scan::split_statements(sql) {
            let stmt = scan::substitute_params(stmt, params).map_err(|mut e| {
                if let Some((line, col)) = e.position {
                    // Positions within the statement → within the whole text.
                    let (l0, c0) = scan::line_col(sql, offset);
                    e.position = Some(if line == 1 { (l0, c0 + col - 1) } else { (l0 + line - 1, col) });
                }
                e
            })?;
            let result = self.make_views(&stmt).and_then(|()| self.query(&stmt));
            match result {
                Ok(rs) if rs.columns.is_empty() => {}
                Ok(rs) => out.push(rs),
                Err(e) => return Err(self.locate(sql, offset, e)),
            }
        }
        Ok(out)
    }

    fn table_names(&mut self) -> Vec<String> {
        let mut names: Vec<String> = exported().map(str::to_owned).collect();
        names.extend(["fields".to_string(), "superclasses".to_string()]);
        names.extend(MODEL_TABLE_GROUPS.iter().map(|(t, _)| t.to_string()));
        names.sort();
        names
    }
}

/// One Arrow value as a [`Cell`] (booleans as 0 and 1, as SQLite has them).
fn cell(a: &ArrayRef, r: usize) -> Cell {
    use datafusion::arrow::array::*;
    if a.is_null(r) {
        return Cell::Null;
    }
    macro_rules! get {
        ($t:ty) => {
            a.as_any().downcast_ref::<$t>().map(|x| x.value(r))
        };
    }
    match a.data_type() {
        DataType::Int8 => get!(Int8Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::Int16 => get!(Int16Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::Int32 => get!(Int32Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::Int64 => get!(Int64Array).map_or(Cell::Null, Cell::Int),
        DataType::UInt8 => get!(UInt8Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::UInt16 => get!(UInt16Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::UInt32 => get!(UInt32Array).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::UInt64 => get!(UInt64Array).map_or(Cell::Null, |v| match i64::try_from(v) {
            Ok(i) => Cell::Int(i),
            Err(_) => Cell::Real(v as f64),
        }),
        DataType::Float32 => get!(Float32Array).map_or(Cell::Null, |v| Cell::Real(v.into())),
        DataType::Float64 => get!(Float64Array).map_or(Cell::Null, Cell::Real),
        DataType::Boolean => get!(BooleanArray).map_or(Cell::Null, |v| Cell::Int(v.into())),
        DataType::Utf8 => get!(StringArray).map_or(Cell::Null, |v| Cell::Text(v.to_owned())),
        DataType::LargeUtf8 => get!(LargeStringArray).map_or(Cell::Null, |v| Cell::Text(v.to_owned())),
        DataType::Utf8View => get!(StringViewArray).map_or(Cell::Null, |v| Cell::Text(v.to_owned())),
        DataType::Binary => get!(BinaryArray).map_or(Cell::Null, |v| Cell::Blob(v.to_vec())),
        DataType::LargeBinary => get!(LargeBinaryArray).map_or(Cell::Null, |v| Cell::Blob(v.to_vec())),
        DataType::BinaryView => get!(BinaryViewArray).map_or(Cell::Null, |v| Cell::Blob(v.to_vec())),
        _ => datafusion::arrow::util::display::array_value_to_string(a, r).map_or(Cell::Null, Cell::Text),
    }
}

/// A column being read from SQLite: typed by its declaration, widened to text (or real) when
/// a value of another kind turns up.
enum Column {
    Int(Int64Builder),
    Real(Float64Builder),
    Text(StringBuilder),
    Blob(BinaryBuilder),
}

impl Column {
    fn for_decl(decl: Option<&str>) -> Column {
        match decl.map(|d| d.to_ascii_uppercase()) {
            Some(d) if d.contains("INT") => Column::Int(Int64Builder::new()),
            Some(d) if d.contains("TEXT") || d.contains("CHAR") => Column::Text(StringBuilder::new()),
            Some(d) if d.contains("BLOB") => Column::Blob(BinaryBuilder::new()),
            Some(d) if d.contains("REAL") => Column::Real(Float64Builder::new()),
            _ => Column::Int(Int64Builder::new()),
        }
    }

    fn push(&mut self, v: ValueRef<'_>) {
        match (&mut *self, v) {
            (Column::Int(b), ValueRef::Null) => b.append_null(),
            (Column::Real(b), ValueRef::Null) => b.append_null(),
            (Column::Text(b), ValueRef::Null) => b.append_null(),
            (Column::Blob(b), ValueRef::Null) => b.append_null(),
            (Column::Int(b), ValueRef::Integer(i)) => b.append_value(i),
            (Column::Real(b), ValueRef::Integer(i)) => b.append_value(i as f64),
            (Column::Real(b), ValueRef::Real(f)) => b.append_value(f),
            (Column::Text(b), ValueRef::Text(t)) => b.append_value(String::from_utf8_lossy(t)),
            (Column::Text(b), ValueRef::Integer(i)) => b.append_value(i.to_string()),
            (Column::Text(b), ValueRef::Real(f)) => b.append_value(f.to_string()),
            (Column::Blob(b), ValueRef::Blob(x)) => b.append_value(x),
            (Column::Int(_), ValueRef::Real(_)) => {
                self.widen_to_real();
                self.push(v)
            }
            _ => {
                self.widen_to_text();
                self.push(v)
            }
        }
    }

    fn widen_to_real(&mut self) {
        if let Column::Int(b) = self {
            let done = b.finish();
            let mut real = Float64Builder::new();
            for i in 0..done.len() {
                if done.is_null(i) {
                    real.append_null()
                } else {
                    real.append_value(done.value(i) as f64)
                }
            }
            *self = Column::Real(real);
        }
    }

    fn widen_to_text(&mut self) {
        let done = self.finish();
        let mut text = StringBuilder::new();
        for r in 0..done.len() {
            match cell(&done, r) {
                Cell::Null => text.append_null(),
                c => text.append_value(c.to_string()),
            }
        }
        *self = Column::Text(text);
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Int(b) => Arc::new(b.finish()),
            Column::Real(b) => Arc::new(b.finish()),
            Column::Text(b) => Arc::new(b.finish()),
            Column::Blob(b) => Arc::new(b.finish()),
        }
    }
}

/// A store table as one Arrow batch.
pub fn table_batch(conn: &Connection, table: &str) -> Result<RecordBatch, QueryError> {
    let mut st = conn.prepare(&format!("SELECT * FROM {}", quote_ident(table))).map_err(df_error)?;
    let names: Vec<String> = st.column_names().into_iter().map(str::to_owned).collect();
    // `records` columns have no declared type: tdq_columns says what each holds.
    let kinds: std::collections::HashMap<String, String> = if table == "records" {
        let mut k = conn.prepare("SELECT col, kind FROM tdq_columns").map_err(df_error)?;
        let rows = k.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(df_error)?;
        rows.collect::<Result<_, _>>().map_err(df_error)?
    } else {
        Default::default()
    };
    let mut columns: Vec<Column> = st
        .columns()
        .iter()
        .map(|c| {
            let decl = c.decl_type().map(str::to_owned).or_else(|| kinds.get(c.name()).cloned());
            Column::for_decl(decl.as_deref())
        })
        .collect();
    let mut rows = st.raw_query();
    while let Some(row) = rows.next().map_err(df_error)? {
        for (i, col) in columns.iter_mut().enumerate() {
            col.push(row.get_ref(i).map_err(df_error)?);
        }
    }
    let arrays: Vec<ArrayRef> = columns.iter_mut().map(Column::finish).collect();
    let fields: Vec<Field> =
        names.iter().zip(&arrays).map(|(n, a)| Field::new(n, a.data_type().clone(), true)).collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays).map_err(df_error)
}

/// `field_values(record_id, pos, name_id, type_id, value_id, set_loc, decl_loc, flags)`,
/// unpacked from `tdq_records.fields` and `tdq_field_sites`.
pub fn field_values_batch(conn: &Connection) -> Result<RecordBatch, QueryError> {
    const NAMES: [&str; 8] = ["record_id", "pos", "name_id", "type_id", "value_id", "set_loc", "decl_loc", "flags"];
    let mut cols: Vec<Int64Builder> = NAMES.iter().map(|_| Int64Builder::new()).collect();
    let sites = tdq_store::load::field_sites(conn).map_err(df_error)?;
    let mut st = conn.prepare("SELECT id, fields FROM tdq_records ORDER BY id").map_err(df_error)?;
    let mut rows = st.raw_query();
    while let Some(row) = rows.next().map_err(df_error)? {
        let id: i64 = row.get(0).map_err(df_error)?;
        let text: String = row.get(1).map_err(df_error)?;
        let packed = tdq_store::load::parse_fields(&text, &sites).map_err(df_error)?;
        for (pos, tuple) in packed.into_iter().enumerate() {
            cols[0].append_value(id);
            cols[1].append_value(pos as i64);
            for (c, v) in cols[2..].iter_mut().zip(tuple) {
                c.append_value(v);
            }
        }
    }
    let arrays: Vec<ArrayRef> = cols.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef).collect();
    let fields: Vec<Field> = NAMES.iter().map(|n| Field::new(*n, DataType::Int64, false)).collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays).map_err(df_error)
}

/// `tdq export --parquet DIR`: every table of [`exported`] as `DIR/<table>.parquet`, then the
/// model tables of every group the model gives. Returns the groups it does not give, with why.
pub fn export_parquet(conn: &Connection, dir: &Path) -> Result<Vec<(Group, String)>, QueryError> {
    std::fs::create_dir_all(dir).map_err(df_error)?;
    for table in exported() {
        let batch = if table == "field_values" { field_values_batch(conn)? } else { table_batch(conn, table)? };
        write_parquet(dir, table, &batch)?;
    }
    let tdq_store::model::ForExport { groups: files, left_out } =
        tdq_store::model::for_export(conn, &tdq_store::cache::cache_dir(), None).map_err(df_error)?;
    let mut attached = Vec::new();
    let groups: Vec<Group> = files.iter().map(|(g, _)| *g).collect();
    tdq_store::model::attach_groups(conn, &tdq_store::cache::cache_dir(), &groups, &mut attached).map_err(df_error)?;
    for group in groups {
        for table in group.tables() {
            write_parquet(dir, table, &table_batch(conn, table)?)?;
        }
    }
    Ok(left_out)
}

fn write_parquet(dir: &Path, table: &str, batch: &RecordBatch) -> Result<(), QueryError> {
    let path = dir.join(format!("{table}.parquet"));
    let tmp = dir.join(format!(".{table}.parquet.tmp"));
    let file = std::fs::File::create(&tmp).map_err(df_error)?;
    let mut w = datafusion::parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).map_err(df_error)?;
    w.write(batch).map_err(df_error)?;
    w.close().map_err(df_error)?;
    std::fs::rename(&tmp, &path).map_err(df_error)
}
