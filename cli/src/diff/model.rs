//! The neutral snapshot `tdq diff` compares: each def's name, classes, fields (type, printed
//! value, `--dump-json` value) and provenance, as plain data.
//!
//! A snapshot owns no interned value, so the two sides can be evaluated on different threads
//! (interners are thread-local) and a snapshot can come from somewhere other than an evaluation
//! (the SQLite store). [`Snapshot::from_evaluation`] is the only place that knows `tdq_core`.

use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::Arc;
use tdq_core::init::Init;
use tdq_core::record::RecordVal;
use tdq_core::types::Ty;
use tdq_core::{Evaluation, Loc, SourceMgr};

/// The numbers in anonymous names, as the evaluator writes them (`tdq_core::anonymous`):
/// matching and comparing use them without knowing the evaluator.
pub use tdq_core::anonymous::{numbers as anonymous_numbers, renumber, without_numbers};

/// Every def of one side, in name order (the order of llvm-tblgen's def map).
#[derive(Debug, Default)]
pub struct Snapshot {
    pub records: Vec<RecordSnapshot>,
    /// Whether `from_anonymous` is known: an evaluation knows it, a store written by
    /// `tdq export --db` does not record it (its defs all say `false`).
    pub knows_from_anonymous: bool,
    /// When two copies of a tree are diffed as files, the directory this side's paths start
    /// with (`a/`): provenance is compared without it.
    pub tree: Option<String>,
}

impl Snapshot {
    /// A location's file as it is inside this side's tree.
    pub fn file_in_tree<'f>(&self, file: &'f str) -> &'f str {
        self.tree.as_deref().and_then(|tree| file.strip_prefix(tree)).unwrap_or(file)
    }
}

/// One def.
#[derive(Debug)]
pub struct RecordSnapshot {
    /// As llvm-tblgen names it (`anonymous_N` for an anonymous def).
    pub name: String,
    pub anonymous: bool,
    /// Named from an anonymous name (an anonymous `defm`'s, directly or through a multiclass,
    /// loop or `NAME`), as the evaluator knows it: `anonymous_15479C`.
    pub from_anonymous: bool,
    /// For an anonymous def or one named from an anonymous name, what it is whatever its
    /// number (`tdq_core::anonymous::Identity`: name without numbers, classes, fields); 0
    /// for the other defs.
    pub identity: u64,
    /// Every superclass, as `--dump-json`'s `!superclasses` lists them.
    pub classes: Vec<Arc<str>>,
    /// The fields in record order, template arguments excluded.
    pub fields: Vec<FieldSnapshot>,
    /// The definition, then each `defm` that instantiated it, innermost first.
    pub locs: Vec<Location>,
    /// The multiclasses instantiated to produce the def, innermost first.
    pub multiclasses: Vec<Arc<str>>,
    /// The class the def is counted and listed under ([`Snapshot::name_known_classes`]).
    pub known_class: Arc<str>,
}

/// One field of a def.
#[derive(Debug, Clone)]
pub struct FieldSnapshot {
    pub name: Arc<str>,
    /// `--print-records`' type (`code` for a string field holding a code literal).
    pub ty: Arc<str>,
    pub value: Arc<Value>,
    /// Where the value was set (the body line, `let` or template argument).
    pub set_at: Option<Location>,
}

/// A value in its two printed forms.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// LLVM's `getAsString`, as `--print-records` prints it.
    pub printed: String,
    /// `--dump-json`'s form of the value, as JSON text (empty when not asked for).
    pub json: String,
}

/// A place in a source file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    /// The path as the evaluation opened it (as written or joined with an `-I` directory).
    pub file: Arc<str>,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

impl RecordSnapshot {
    /// An anonymous def or one named from an anonymous name: its name holds a number that
    /// shifts whenever an anonymous def is added before it.
    pub fn numbered(&self) -> bool {
        self.anonymous || self.from_anonymous
    }
    pub fn field(&self, name: &str) -> Option<&FieldSnapshot> {
        self.fields.iter().find(|f| &*f.name == name)
    }
    pub fn is_instance_of(&self, class: &str) -> bool {
        self.classes.iter().any(|c| &**c == class)
    }
}

/// What to put in a snapshot besides what comparing needs.
#[derive(Debug, Clone, Copy, Default)]
pub struct SnapshotOptions {
    /// Each value's `--dump-json` form too (for the JSON output).
    pub json_values: bool,
}

impl Snapshot {
    /// The defs of an evaluation. Values are printed once per distinct (interned) value.
    pub fn from_evaluation(evaluation: &Evaluation, options: SnapshotOptions) -> Snapshot {
        let rk = &evaluation.records;
        let mut cache = Cache::new(&evaluation.sm, options);
        let mut records = Vec::with_capacity(rk.defs.len());
        for (name, &id) in &rk.defs {
            let rec = rk.get(id);
            let fields = rec.values.iter().filter(|v| !rec.is_template_arg(v.name)).map(|v| cache.field(v)).collect();
            let mut snapshot = RecordSnapshot {
                name: name.to_string(),
                anonymous: rec.is_anonymous(),
                from_anonymous: rec.name_from_anonymous,
                identity: 0,
                classes: rec.superclasses.iter().map(|&(sc, _)| cache.text(rk.get(sc).name)).collect(),
                fields,
                locs: rec.locs.iter().filter_map(|&l| cache.location(l)).collect(),
                multiclasses: rec.defm_chain.iter().map(|step| cache.str(step.multiclass)).collect(),
                known_class: Arc::from(""),
            };
            if snapshot.numbered() {
                snapshot.identity = identity(&snapshot);
            }
            records.push(snapshot);
        }
        let class_files: FxHashMap<Arc<str>, u32> = rk
            .classes
            .values()
            .map(|&id| {
                let class = rk.get(id);
                (cache.text(class.name), class.loc().file)
            })
            .collect();
        let mut snapshot = Snapshot { records, knows_from_anonymous: true, tree: None };
        snapshot.name_known_classes(&|c: &str| class_files.get(c).copied());
        snapshot
    }

    /// Gives each def the class it is counted and listed under: the root of its first
    /// superclass chain (`Register`, `Instruction`), or, where that root is only ever followed
    /// by one class declared in the same file (LLVM's `InstructionEncoding`, which every
    /// `Instruction` begins with), that class: the one users name, not the part it is built
    /// from. `file_of` says in which file a class is declared.
    pub fn name_known_classes(&mut self, file_of: &dyn Fn(&str) -> Option<u32>) {
        let mut defs: FxHashMap<&str, usize> = FxHashMap::default();
        let mut followed: FxHashMap<(&str, &str), usize> = FxHashMap::default();
        for rec in &self.records {
            for (i, class) in rec.classes.iter().enumerate() {
                *defs.entry(class).or_default() += 1;
                if let Some(next) = rec.classes.get(i + 1) {
                    *followed.entry((class, next)).or_default() += 1;
                }
            }
        }
        let known: Vec<Arc<str>> = self
            .records
            .iter()
            .map(|rec| {
                let mut at = 0;
                while let (Some(class), Some(next)) = (rec.classes.get(at), rec.classes.get(at + 1)) {
                    let always = followed.get(&(&**class, &**next)) == defs.get(&**class);
                    let beside = file_of(class).is_some() && file_of(class) == file_of(next);
                    if !(always && beside) {
                        break;
                    }
                    at += 1;
                }
                rec.classes.get(at).cloned().unwrap_or_else(|| Arc::from("(no class)"))
            })
            .collect();
        for (rec, class) in self.records.iter_mut().zip(known) {
            rec.known_class = class;
        }
    }
}

/// A numbered def's identity, from the strings of its snapshot (the same as
/// `tdq_core::anonymous::record_key` computes from the record, which lint baselines key on).
fn identity(rec: &RecordSnapshot) -> u64 {
    let mut id = tdq_core::anonymous::Identity::new(&rec.name);
    for c in &rec.classes {
        id.superclass(c);
    }
    for f in &rec.fields {
        id.field(&f.name, &f.ty, &f.value.printed);
    }
    id.finish()
}

/// Shares the strings of equal (interned) values, names and locations across a snapshot.
struct Cache<'a> {
    sm: &'a SourceMgr,
    options: SnapshotOptions,
    values: FxHashMap<Init, Arc<Value>>,
    texts: FxHashMap<Init, Arc<str>>,
    strs: FxHashMap<&'static str, Arc<str>>,
    types: FxHashMap<(Ty, bool), Arc<str>>,
    files: FxHashMap<u32, Arc<str>>,
    locations: FxHashMap<Loc, Option<Location>>,
}

impl<'a> Cache<'a> {
    fn new(sm: &'a SourceMgr, options: SnapshotOptions) -> Self {
        Cache {
            sm,
            options,
            values: FxHashMap::default(),
            texts: FxHashMap::default(),
            strs: FxHashMap::default(),
            types: FxHashMap::default(),
            files: FxHashMap::default(),
            locations: FxHashMap::default(),
        }
    }

    fn field(&mut self, v: &RecordVal) -> FieldSnapshot {
        let json_values = self.options.json_values;
        let value = self
            .values
            .entry(v.value)
            .or_insert_with(|| {
                let json = if json_values { tdq_backends::dump_json::value_json(v.value) } else { String::new() };
                Arc::new(Value { printed: v.value.to_string(), json })
            })
            .clone();
        // The printed type depends on the value only through whether it is a code literal.
        let ty = self.types.entry((v.ty, v.value.is_code())).or_insert_with(|| Arc::from(v.print_type())).clone();
        FieldSnapshot { name: self.text(v.name), ty, value, set_at: self.location(v.set_at()) }
    }

    /// A name value as text (LLVM's `getNameInitAsString`).
    fn text(&mut self, name: Init) -> Arc<str> {
        self.texts.entry(name).or_insert_with(|| Arc::from(name.unquoted())).clone()
    }

    fn str(&mut self, s: &'static str) -> Arc<str> {
        self.strs.entry(s).or_insert_with(|| Arc::from(s)).clone()
    }

    fn location(&mut self, loc: Loc) -> Option<Location> {
        if let Some(known) = self.locations.get(&loc) {
            return known.clone();
        }
        let location = self.new_location(loc);
        self.locations.insert(loc, location.clone());
        location
    }

    fn new_location(&mut self, loc: Loc) -> Option<Location> {
        let sm = self.sm;
        sm.file(loc)?;
        let (line, column) = sm.line_col(loc);
        let file = self.files.entry(loc.file).or_insert_with(|| Arc::from(sm.path(loc))).clone();
        Some(Location { file, line, column })
    }
}
