//! `--print-detailed-records`: globals, classes and defs with their source locations, template
//! arguments, direct and indirect superclasses and defm chains (DetailedRecordsBackend.cpp).

use crate::{Backend, BackendError, BackendOptions, Output};
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use tdq_core::init::{Init, InitKind};
use tdq_core::record::{format_in_order_with, FieldDecl, Record, RecordKeeper, RecordVal};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc, SourceMgr};

pub struct PrintDetailedRecords;

/// What a release's report has.
struct Form {
    /// A def's `Defm sequence:` ends with the def's own location (LLVM 19 left it out).
    defm_sequence_includes_def: bool,
    /// The report ends with a `Memory Allocation Stats` section (`dumpAllocationStats`).
    allocation_stats: bool,
}

const FORM_22: Form = Form { defm_sequence_includes_def: true, allocation_stats: true };
static FORM: ByRelease<Form> =
    ByRelease { v19: Form { defm_sequence_includes_def: false, allocation_stats: false }, v22: FORM_22, v23: FORM_22 };

impl Backend for PrintDetailedRecords {
    fn name(&self) -> &'static str {
        "print-detailed-records"
    }
    fn help(&self) -> &'static str {
        "Print full details of all records to stdout"
    }
    fn only_writes(&self) -> bool {
        true
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let (rk, sm) = (&input.records, &input.sm);
        let report = || Report {
            rk,
            sm,
            locs: HashMap::default(),
            values: HashMap::default(),
            fields: HashMap::default(),
            direct: Vec::new(),
        };
        let filename = match options.input_filename.as_str() {
            "" => sm.files.first().map_or("", |f| f.path.as_str()),
            name => name,
        };
        let mut s = format!("DETAILED RECORDS for file {filename}\n");
        report().variables(&mut s);
        let classes: Vec<RecId> = rk.classes.values().copied().collect();
        let defs: Vec<RecId> = rk.defs.values().copied().collect();
        if classes.is_empty() {
            Report::section_heading("Classes", 0, &mut s);
        }
        let mut w = BufWriter::with_capacity(1 << 16, out);
        w.write_all(s.as_bytes())?;
        // Classes and defs are formatted on every core, each thread with its own caches, and
        // written in order as they are finished: the report is never held whole.
        let format = |report: &mut Report, i: usize, s: &mut String| {
            if i < classes.len() {
                if i == 0 {
                    Report::section_heading("Classes", classes.len(), s);
                }
                report.class(rk.get(classes[i]), s);
            } else {
                let i = i - classes.len();
                if i == 0 {
                    Report::section_heading("Records", defs.len(), s);
                }
                report.def(rk.get(defs[i]), s);
            }
        };
        format_in_order_with(classes.len() + defs.len(), &report, &format, &mut w)?;
        if defs.is_empty() {
            let mut s = String::new();
            Report::section_heading("Records", 0, &mut s);
            w.write_all(s.as_bytes())?;
        }
        if FORM.get(rk.release).allocation_stats {
            w.write_all(allocation_stats(rk).as_bytes())?;
        }
        w.flush()?;
        Ok(())
    }
}

struct Report<'a> {
    rk: &'a RecordKeeper,
    sm: &'a SourceMgr,
    /// Every location printed so far, as printed: fields share a few declarations.
    locs: HashMap<Loc, Box<str>>,
    /// Every compound value printed so far, as printed: values are shared between records
    /// (interned), and printing a list or dag again costs more than copying it.
    values: HashMap<Init, Box<str>>,
    /// The text before and after the value of every field line printed so far, by declaration
    /// (and, for strings, whether the value is code).
    fields: HashMap<(usize, bool), (Box<str>, Box<str>)>,
    /// Scratch: which superclasses of the record being printed are direct.
    direct: Vec<bool>,
}

impl Report<'_> {
    /// `|file:line|` for `loc`.
    fn loc(&mut self, loc: Loc, s: &mut String) {
        s.push('|');
        let sm = self.sm;
        s.push_str(self.locs.entry(loc).or_insert_with(|| sm.json_loc(loc).into_boxed_str()));
        s.push('|');
    }

    /// `value` as LLVM's `getAsString` prints it.
    fn init(values: &mut HashMap<Init, Box<str>>, value: Init, s: &mut String) {
        match value.kind() {
            InitKind::Unset
            | InitKind::Bit(_)
            | InitKind::Int(_)
            | InitKind::Str(..)
            | InitKind::Def(..)
            | InitKind::AnonName(_) => value.write_to(s),
            InitKind::Bits(bits) if bits.iter().all(|b| matches!(b.kind(), InitKind::Bit(_))) => value.write_to(s),
            // Compound values are printed once and copied after.
            _ => s.push_str(values.entry(value).or_insert_with(|| value.to_string().into_boxed_str())),
        }
    }

    fn section_heading(title: &str, count: usize, s: &mut String) {
        let _ = write!(s, "\n-------------------- {title} ({count}) --------------------\n");
    }

    /// The globals (top-level `defvar`s and `defset`s), sorted by name as LLVM's map keeps them.
    fn variables(&self, s: &mut String) {
        let mut globals: Vec<_> = self.rk.globals.iter().collect();
        globals.sort_unstable_by(|a, b| a.0.cmp(b.0));
        Self::section_heading("Global Variables", globals.len(), s);
        s.push('\n');
        for (name, value) in globals {
            let _ = writeln!(s, "{name} = {value}");
        }
    }

    fn class(&mut self, rec: &Record, s: &mut String) {
        let _ = write!(s, "\n{}  ", rec.name_string());
        self.loc(rec.loc(), s);
        s.push('\n');
        self.template_args(rec, s);
        self.superclasses(rec, s);
        self.fields(rec, s);
    }

    fn def(&mut self, rec: &Record, s: &mut String) {
        let name = rec.name_string();
        let name = if name.is_empty() { "\"\"".to_string() } else { name };
        let _ = write!(s, "\n{name}  ");
        self.loc(rec.loc(), s);
        s.push('\n');
        self.defms(rec, s);
        self.superclasses(rec, s);
        self.fields(rec, s);
    }

    /// The defm statements that made the record, outermost first (without the def itself).
    fn defms(&mut self, rec: &Record, s: &mut String) {
        if rec.locs.len() < 2 {
            return;
        }
        s.push_str("  Defm sequence:");
        // LLVM 19 left out the def's own location, the first.
        let skip = usize::from(!FORM.get(self.rk.release).defm_sequence_includes_def);
        for &loc in rec.locs[skip..].iter().rev() {
            s.push(' ');
            self.loc(loc, s);
        }
        s.push('\n');
    }

    fn template_args(&mut self, rec: &Record, s: &mut String) {
        if rec.template_args.is_empty() {
            s.push_str("  Template args: (none)\n");
            return;
        }
        s.push_str("  Template args:\n");
        for &arg in &rec.template_args {
            if let Some(v) = rec.value(arg) {
                self.value(v, s);
            }
        }
    }

    /// Every superclass in LLVM's order; indirect ones in parentheses.
    fn superclasses(&mut self, rec: &Record, s: &mut String) {
        if rec.superclasses.is_empty() {
            s.push_str("  Superclasses: (none)\n");
            return;
        }
        let direct = &mut self.direct;
        direct.clear();
        direct.resize(rec.superclasses.len(), false);
        rec.for_each_direct_superclass_index(self.rk, |i| direct[i] = true);
        s.push_str("  Superclasses:");
        for (&(sc, _), &is_direct) in rec.superclasses.iter().zip(direct.iter()) {
            s.push_str(if is_direct { " " } else { " (" });
            match self.rk.get(sc).name.as_str() {
                Some(name) => s.push_str(name),
                None => s.push_str(&self.rk.get(sc).name_string()),
            }
            if !is_direct {
                s.push(')');
            }
        }
        s.push('\n');
    }

    /// The fields in the order they were added (not `field` ones first, as print-records does).
    fn fields(&mut self, rec: &Record, s: &mut String) {
        if rec.values.is_empty() {
            s.push_str("  Fields: (none)\n");
            return;
        }
        s.push_str("  Fields:\n");
        for v in &rec.values {
            if !rec.is_template_arg(v.name) {
                self.value(v, s);
            }
        }
    }

    /// `RecordVal::print(OS, false)` and the location of its declaration.
    fn value(&mut self, v: &RecordVal, s: &mut String) {
        // Everything but the value follows from the field's (interned, shared) declaration and,
        // for a string field, whether the value is code: made once per declaration.
        let is_code = v.ty.is_string() && v.value.is_code();
        let key = (std::ptr::from_ref::<FieldDecl>(v) as usize, is_code);
        let sm = self.sm;
        let (prefix, suffix) = self.fields.entry(key).or_insert_with(|| {
            let mut prefix = String::from("    ");
            if v.nonconcrete_ok {
                prefix.push_str("field ");
            }
            if v.ty.is_string() {
                // LLVM's `getPrintType`: the type follows the value.
                prefix.push_str(if is_code { "code" } else { "string" });
            } else {
                let _ = write!(prefix, "{}", v.ty);
            }
            prefix.push(' ');
            match v.name.kind() {
                InitKind::Str(name, _) => prefix.push_str(name),
                _ => prefix.push_str(&v.name.unquoted()),
            }
            if !v.lost {
                prefix.push_str(" = ");
            }
            let suffix = format!("  |{}|\n", sm.json_loc(v.loc));
            (prefix.into_boxed_str(), suffix.into_boxed_str())
        });
        s.push_str(prefix);
        if !v.lost {
            Self::init(&mut self.values, v.value, s);
        }
        s.push_str(suffix);
    }
}

/// LLVM's `printAllocationStats`: the heading, then what `RecordKeeperImpl::dumpAllocationStats`
/// says that tdq can know.
///
/// FIXME: of LLVM's lines only `Number of anonymous records` is printed. The others describe
/// llvm-tblgen's own memory: the sizes of its 19 interning pools (every distinct value it ever
/// made, parsing and resolving included), its bump allocator's bytes and slabs, and `Number of
/// records instantiated`, its count of `Record` objects ever constructed (multiclass prototypes,
/// each copy made while resolving `foreach`, `if` and `defm` at every level, scratch records of
/// `!foldl` and `!foreach`) — none of which tdq's records or interner correspond to.
fn allocation_stats(rk: &RecordKeeper) -> String {
    let mut s = String::from("\n-------------------- Memory Allocation Stats --------------------\n");
    let _ = writeln!(s, "\nNumber of anonymous records = {}", rk.anon_counter);
    s
}
