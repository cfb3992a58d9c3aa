//! The store's tables: their SQL, and the documentation `tdq schema` and the README show.
//!
//! User-facing tables and views have plain names (`records`, `fields`, ...); what exists only
//! so that `tdq tblgen --from-db` can rebuild the records exactly is prefixed `tdq_`.
//! Every table is written once, in one transaction, by [`crate::build`]; nothing updates it.

/// Bumped whenever a table changes: a store of another version is rebuilt, never misread.
pub const SCHEMA_VERSION: i64 = 2;

/// `PRAGMA application_id` of every store: `tdq!`. A SQLite file without it is not a store.
pub const APPLICATION_ID: i64 = 0x7464_7121;

/// The fixed columns of `records`, before the one-per-field columns.
pub const RECORD_COLUMNS: [&str; 5] = ["id", "name", "anonymous", "file", "line"];

pub const DDL: &str = r#"
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE sources(
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, abs_path TEXT NOT NULL, hash TEXT NOT NULL,
    size INTEGER NOT NULL, included_from_file TEXT, included_from_line INTEGER,
    included_from INTEGER, text BLOB NOT NULL);
CREATE TABLE locs(id INTEGER PRIMARY KEY, file TEXT, line INTEGER, col INTEGER, raw INTEGER NOT NULL);
CREATE TABLE types(id INTEGER PRIMARY KEY, name TEXT NOT NULL, ir BLOB NOT NULL);
CREATE TABLE vals(id INTEGER PRIMARY KEY, text TEXT NOT NULL, json TEXT NOT NULL, ir BLOB NOT NULL);
CREATE TABLE tdq_records(
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, name_ir BLOB NOT NULL,
    locs BLOB NOT NULL, forward_decl_locs BLOB NOT NULL, template_args BLOB NOT NULL,
    fields TEXT NOT NULL);
CREATE TABLE tdq_names(id INTEGER PRIMARY KEY, name TEXT NOT NULL, ir BLOB NOT NULL);
CREATE TABLE tdq_field_sites(id INTEGER PRIMARY KEY, name_id INTEGER NOT NULL, type_id INTEGER NOT NULL,
    set_loc INTEGER NOT NULL, decl_loc INTEGER NOT NULL, flags INTEGER NOT NULL);
CREATE TABLE tdq_columns(field TEXT PRIMARY KEY, col TEXT NOT NULL, kind TEXT NOT NULL,
    long INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE tdq_superclasses(
    record_id INTEGER NOT NULL, position INTEGER NOT NULL, superclass_id INTEGER NOT NULL,
    direct INTEGER NOT NULL, loc INTEGER NOT NULL,
    PRIMARY KEY(record_id, position)) WITHOUT ROWID;
CREATE TABLE classes(id INTEGER PRIMARY KEY, name TEXT NOT NULL, file TEXT, line INTEGER,
    template_args TEXT NOT NULL);
CREATE TABLE defm_chain(
    record TEXT NOT NULL, record_id INTEGER NOT NULL, step INTEGER NOT NULL, multiclass TEXT NOT NULL,
    defm_file TEXT, defm_line INTEGER, defm_col INTEGER, defm_loc INTEGER NOT NULL,
    PRIMARY KEY(record_id, step)) WITHOUT ROWID;
CREATE TABLE globals(name TEXT PRIMARY KEY, type TEXT, value TEXT NOT NULL, value_json TEXT NOT NULL,
    ir BLOB NOT NULL) WITHOUT ROWID;
"#;

/// `tdq_records.fields`, per record, is a JSON array with one `[site_id, value_id]` per field:
/// one row per record instead of one per field (X86 has 3 million fields) keeps building the
/// store fast. A site (`tdq_field_sites`) is what many fields share: the field's name, type,
/// where its value was set, where it was declared, and flags (bit 0 declared with `field`, bit
/// 1 template argument, bit 2 value lost), as the evaluator's `record::Site`: X86's 3 million
/// fields have 20 thousand. `fields` unpacks it with `json_each`.
pub const FIELDS_VIEW_SQLITE: &str = "SELECT r.name AS record, r.kind AS kind, n.name AS field, \
t.name AS type, v.text AS value, v.json AS value_json, s.file AS set_file, s.line AS set_line, \
s.col AS set_col, d.file AS decl_file, d.line AS decl_line, j.key AS position, \
f.flags / 2 % 2 AS template_arg, r.id AS record_id \
FROM tdq_records r, json_each(r.fields) j \
JOIN tdq_field_sites f ON f.id = j.value ->> 0 \
JOIN tdq_names n ON n.id = f.name_id \
JOIN types t ON t.id = f.type_id \
JOIN vals v ON v.id = j.value ->> 1 \
JOIN locs s ON s.id = f.set_loc \
JOIN locs d ON d.id = f.decl_loc";

/// The same view for engines without `json_each`, over a `field_values(record_id, pos,
/// name_id, type_id, value_id, set_loc, decl_loc, flags)` table unpacked from
/// `tdq_records.fields`.
pub const FIELDS_VIEW: &str = "SELECT r.name AS record, r.kind AS kind, n.name AS field, t.name AS type, \
v.text AS value, v.json AS value_json, s.file AS set_file, s.line AS set_line, s.col AS set_col, \
d.file AS decl_file, d.line AS decl_line, fv.pos AS position, (fv.flags / 2) % 2 AS template_arg, \
r.id AS record_id \
FROM field_values fv \
JOIN tdq_records r ON r.id = fv.record_id \
JOIN tdq_names n ON n.id = fv.name_id \
JOIN types t ON t.id = fv.type_id \
JOIN vals v ON v.id = fv.value_id \
JOIN locs s ON s.id = fv.set_loc \
JOIN locs d ON d.id = fv.decl_loc";

/// `superclasses`, with names, over `tdq_superclasses` (ids only, to keep the rows small).
pub const SUPERCLASSES_VIEW: &str = "SELECT r.name AS record, r.kind AS kind, c.name AS superclass, \
s.direct AS direct, s.position AS position, s.record_id AS record_id, s.superclass_id AS superclass_id \
FROM tdq_superclasses s \
JOIN tdq_records r ON r.id = s.record_id \
JOIN tdq_records c ON c.id = s.superclass_id";

/// Indexes, each made after its table's bulk insert (cheaper than keeping them up to date row
/// by row).
pub const CLASSES_INDEX: &str = "CREATE INDEX classes_name ON classes(name);";
pub const TDQ_RECORDS_INDEX: &str = "CREATE INDEX tdq_records_name ON tdq_records(name);";
/// Made in the side database, and copied with its table.
pub const RECORDS_INDEX: &str = "CREATE UNIQUE INDEX records_name ON records_short(name);";

/// At most this many field columns in `records` (SQLite allows 2000 columns in a table or view;
/// five are fixed). Field names past it, in order of first appearance, are only in `fields`.
pub const MAX_FIELD_COLUMNS: usize = 1990;

/// Fields whose values average more bytes than this go to `records_long`: `records` is a view
/// joining `records_short` and `records_long`, and SQLite skips `records_long` when a query
/// uses none of its columns, so `where isCall = 1` reads a few megabytes, not the whole store.
pub const LONG_COLUMN_BYTES: usize = 24;

/// One documented table or view.
pub struct TableDoc {
    pub name: &'static str,
    pub about: &'static str,
    /// `(column, meaning)`.
    pub columns: &'static [(&'static str, &'static str)],
}

/// What users query, in the order `tdq schema` lists it.
pub const TABLES: &[TableDoc] = &[
    TableDoc {
        name: "records",
        about: "One row per def, with one column per field name that occurs in any def. Bit, int and fully known bits (up to 64) are integers, string and code are text, `?` is NULL; lists, dags, references and partly known bits are text in llvm-tblgen's printed form (the structured form is `fields.value_json`). A column may hold different types in different rows when fields of one name differ in type. A field whose name equals an earlier column ignoring case gets `_` appended (see `tdq schema records`).",
        columns: &[
            ("id", "record id (joins superclasses.record_id, fields.record_id)"),
            ("name", "the def's name"),
            ("anonymous", "1 for an anonymous def (`anonymous_N`)"),
            ("file", "file of the def (the innermost location of a defm'd record)"),
            ("line", "line of the def"),
            ("<field>...", "one column per field name"),
        ],
    },
    TableDoc {
        name: "fields",
        about: "One row per record (def or class) and field, template arguments of classes included.",
        columns: &[
            ("record", "record name"),
            ("kind", "`def`, `anonymous` or `class`"),
            ("field", "field name"),
            ("type", "type as --print-records shows it (`code` for a string holding code)"),
            ("value", "value as --print-records shows it"),
            ("value_json", "value as --dump-json shows it"),
            ("set_file, set_line, set_col", "where the value was set: the body line, `let`, or template argument"),
            ("decl_file, decl_line", "where the field was declared"),
            ("position", "field order in the record"),
            ("template_arg", "1 for a class template argument"),
            ("record_id", "record id"),
        ],
    },
    TableDoc {
        name: "classes",
        about: "One row per class.",
        columns: &[
            ("id", "record id"),
            ("name", "class name"),
            ("file, line", "where the class is defined"),
            ("template_args", "JSON array of {name, type, default}"),
        ],
    },
    TableDoc {
        name: "superclasses",
        about: "Every superclass of every def and class, direct or inherited, in llvm-tblgen's order.",
        columns: &[
            ("record", "the def or class"),
            ("kind", "`def`, `anonymous` or `class`"),
            ("superclass", "a class it derives from"),
            ("direct", "1 when written in the record's own list"),
            ("position", "order, as --print-records lists superclasses"),
            ("record_id, superclass_id", "ids"),
        ],
    },
    TableDoc {
        name: "defm_chain",
        about: "Per def, every defm / multiclass step that produced it, innermost first.",
        columns: &[
            ("record", "the def"),
            ("record_id", "its id"),
            ("step", "0 for the innermost defm"),
            ("multiclass", "the multiclass instantiated"),
            ("defm_file, defm_line, defm_col", "the defm statement"),
            ("defm_loc", "internal location code"),
        ],
    },
    TableDoc {
        name: "globals",
        about: "Top-level defvar and defset values.",
        columns: &[
            ("name", "the name"),
            ("type", "the value's type"),
            ("value", "printed value"),
            ("value_json", "value as JSON"),
            ("ir", "exact stored form"),
        ],
    },
    TableDoc {
        name: "sources",
        about: "Every file read, with its content hash (the cache key) and text.",
        columns: &[
            ("id", "file index (0: the root file)"),
            ("path", "the name llvm-tblgen shows"),
            ("abs_path", "absolute path when the store was built"),
            ("hash", "xxh3-128 of the content"),
            ("size", "bytes"),
            ("included_from_file, included_from_line", "the include that read it"),
            ("text", "the file's bytes"),
        ],
    },
    TableDoc {
        name: "meta",
        about: "The store's version, the tdq that built it and the options used.",
        columns: &[
            (
                "key",
                "schema_version, tdq_version, root, include_dirs, defines, base (the directory the paths of a cached store are relative to: the deepest holding the root and every -I directory), llvm_version (the release evaluated as), llvm_version_from (what chose it: --llvm-version, TDQ_LLVM_VERSION, a tdq.toml, an LLVMVersion.cmake, or the default), ...",
            ),
            ("value", "its value"),
        ],
    },
    TableDoc {
        name: "<Class>",
        about: "One view per class, named after it, over the defs deriving from it, with `id`, `name`, `anonymous`, `file`, `line` and that class's fields as columns: `select name, Size from Instruction where mayLoad = 1`. A class named like a table above is reached as `class:<Name>` instead.",
        columns: &[],
    },
];

/// The tables of the store as other engines see them: what is written, with `records` (a view
/// in SQLite) as one table.
pub const STORED_TABLES: &[&str] = &[
    "meta",
    "sources",
    "locs",
    "types",
    "vals",
    "tdq_records",
    "tdq_names",
    "tdq_field_sites",
    "tdq_columns",
    "tdq_superclasses",
    "classes",
    "defm_chain",
    "globals",
    "records",
];

/// Views every engine defines over the stored tables.
pub const VIEWS: &[&str] = &["fields", "superclasses", "records_short", "records_long", "field_values"];

/// Tables only an exported store has (`crate::export`).
pub const EXPORT_TABLES: &[&str] = &["schema_docs"];

/// Whether `name` is taken by a table or view of the store or a model table (compared as SQL does, ignoring case).
pub fn is_reserved_name(name: &str) -> bool {
    STORED_TABLES.iter().chain(VIEWS).chain(EXPORT_TABLES).any(|t| t.eq_ignore_ascii_case(name))
        || crate::model::Group::of_table(name).is_some()
        || name.to_ascii_lowercase().starts_with("sqlite_")
}

/// The name of the view over a class's defs.
pub fn class_view_name(class: &str) -> String {
    if is_reserved_name(class) {
        format!("class:{class}")
    } else {
        class.to_owned()
    }
}

/// `name` as a quoted SQL identifier.
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
