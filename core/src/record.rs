//! The record model: fields (`RecordVal`), records (classes and defs) and the
//! [`RecordKeeper`] that holds every class, def and global of an evaluation.

use crate::diag::Diagnostics;
use crate::init::{Init, InitKind};
use crate::intern::{short_hash, sym, table_hash, Interner, Sym};
use crate::limits::{Limit, Limits};
use crate::source::Loc;
use crate::types::{ClassGraph, RecId, Ty};
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::OnceLock;
use thin_vec::ThinVec;

/// What a field or template argument is, apart from its value: interned (with where the value
/// was set, as a `Site`), and shared by every record that has the field as declared.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FieldDecl {
    /// The name, a string value (`Class:arg` for template arguments).
    pub name: Init,
    pub ty: Ty,
    /// Declared with `field`: may stay unresolved, printed first.
    pub nonconcrete_ok: bool,
    pub template_arg: bool,
    /// Where the field was declared.
    pub loc: Loc,
    /// An assignment failed its type check: llvm-tblgen then holds no value and prints none.
    pub lost: bool,
}

/// A field's declaration and where its current value was set, interned together: a target has
/// millions of fields but only some ten thousand distinct pairs (RISC-V: 3.6 M fields, 11 k
/// pairs), so a field is its value and one pointer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Site {
    decl: FieldDecl,
    set_at: Loc,
}

impl crate::intern::Interned for Site {}

thread_local! {
    static SITES: Interner<Site> = Interner::new();
}

/// A record's superclasses with where each was referenced: each direct superclass after its own
/// superclasses, as LLVM keeps them. The lists are interned: the defs of the same classes share
/// one (LLVM 23's RISC-V: 641 thousand entries in 245 thousand defs), and copying a record
/// copies a pointer. Compare them as slices.
#[derive(Clone, Copy)]
pub struct Superclasses(&'static SuperclassList);

/// An interned list, with 32 bits of its hash: growing the table then reads no list's entries
/// (hashing every list again was 1% of `Intrinsics.td`'s evaluation).
struct SuperclassList {
    list: Box<[(RecId, Loc)]>,
    short_hash: u32,
}

impl SuperclassList {
    fn new(list: &[(RecId, Loc)], hash: u64) -> SuperclassList {
        SuperclassList { list: list.into(), short_hash: short_hash(hash) }
    }
}

impl PartialEq for SuperclassList {
    fn eq(&self, other: &SuperclassList) -> bool {
        self.list == other.list
    }
}

impl Eq for SuperclassList {}

impl std::hash::Hash for SuperclassList {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.list.hash(h);
    }
}

impl crate::intern::Interned for SuperclassList {
    fn file_hash(hash: u64) -> u64 {
        table_hash(short_hash(hash))
    }
    fn filed_hash(&self) -> u64 {
        table_hash(self.short_hash)
    }
}

thread_local! {
    static SUPERCLASSES: Interner<SuperclassList> = Interner::new();
    static NO_SUPERCLASSES: Superclasses = Superclasses::new(&[]);
}

impl Superclasses {
    pub fn new(list: &[(RecId, Loc)]) -> Superclasses {
        let hash = crate::intern::hash_with(|h| std::hash::Hash::hash(list, h));
        let same = |x: &SuperclassList, k: &&[(RecId, Loc)]| *x.list == **k;
        Superclasses(SUPERCLASSES.with(|t| t.intern_with(hash, list, same, SuperclassList::new)))
    }
    /// These superclasses, then `more`.
    pub fn extended(self, more: &[(RecId, Loc)]) -> Superclasses {
        let mut all: SmallVec<[(RecId, Loc); 16]> = SmallVec::from_slice(&self);
        all.extend_from_slice(more);
        Superclasses::new(&all)
    }
    pub fn push(&mut self, superclass: (RecId, Loc)) {
        *self = self.extended(&[superclass]);
    }
    /// [`Superclasses::new`] without the lookup, for [`crate::adopt::Adopter`]: the empty list
    /// is the default one.
    pub(crate) fn adopt(list: &[(RecId, Loc)]) -> Superclasses {
        if list.is_empty() {
            return Superclasses::default();
        }
        let hash = crate::intern::hash_with(|h| std::hash::Hash::hash(list, h));
        Superclasses(SUPERCLASSES.with(|t| t.adopt(SuperclassList::new(list, hash))))
    }
    /// How many lists this thread has interned.
    pub(crate) fn interned() -> usize {
        SUPERCLASSES.with(|t| t.len())
    }
    /// Whether two lists are the same interned list.
    #[cfg(test)]
    pub(crate) fn is(self, other: Superclasses) -> bool {
        std::ptr::eq(self.0, other.0)
    }
    /// The positions of the direct superclasses, last first: the last one and, before each, the
    /// one before its own superclasses.
    pub fn for_each_direct_index(&self, rk: &RecordKeeper, mut f: impl FnMut(usize)) {
        let mut end = self.len();
        while end > 0 {
            f(end - 1);
            let n = rk.get(self[end - 1].0).superclasses.len();
            end = end.saturating_sub(1 + n);
        }
    }
    /// The direct superclasses with their names, last first.
    pub fn direct_names(&self, rk: &RecordKeeper) -> SmallVec<[(RecId, Sym); 4]> {
        let mut classes = SmallVec::new();
        self.for_each_direct_index(rk, |i| classes.push((self[i].0, rk.name_sym(self[i].0))));
        classes
    }
    /// The type of a record of these superclasses: its direct ones.
    pub fn record_type(&self, rk: &RecordKeeper) -> Ty {
        Ty::record(&self.direct_names(rk))
    }
    /// The interned list's address: records with equal identities have the same superclasses
    /// (equal lists interned on different threads may have two).
    pub fn identity(&self) -> usize {
        self.0 as *const SuperclassList as usize
    }
}

impl Default for Superclasses {
    fn default() -> Self {
        NO_SUPERCLASSES.with(|s| *s)
    }
}

impl std::ops::Deref for Superclasses {
    type Target = [(RecId, Loc)];
    fn deref(&self) -> &[(RecId, Loc)] {
        &self.0.list
    }
}

impl<'a> IntoIterator for &'a Superclasses {
    type Item = &'a (RecId, Loc);
    type IntoIter = std::slice::Iter<'a, (RecId, Loc)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for Superclasses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The name of record `id` among `records` ([`RecordKeeper::name_sym`]; a free function so that
/// the name indexes can rehash while they are borrowed).
fn name_in(records: &[Record], id: RecId) -> Sym {
    let name = records[id.0 as usize].name;
    name.as_str().unwrap_or_else(|| sym(&name.unquoted()))
}

/// [`name_hash`] of record `id`'s name, without interning the name of an anonymous record
/// (`anonymous_N`, made when first asked for: RISC-V has 200 thousand such defs).
fn name_hash_in(records: &[Record], id: RecId) -> u64 {
    let name = records[id.0 as usize].name;
    match name.as_str() {
        Some(s) => name_hash(s),
        None => {
            let mut s = String::with_capacity(24);
            name.write_unquoted(&mut s);
            name_hash(&s)
        }
    }
}

/// The hash of a record's name in [`RecordKeeper`]'s indexes.
fn name_hash(name: &str) -> u64 {
    crate::intern::hash_with(|h| std::hash::Hash::hash(name, h))
}

/// Records by name, hashed (`def_index`, `class_index`). Each entry keeps 32 bits of its name's
/// hash beside the id (8 bytes an entry), so that growing the table reads no record: it read
/// every record's name again, and formatted every anonymous def's (`anonymous_N`) into a fresh
/// string, 3% of `Intrinsics.td`'s evaluation.
#[derive(Default)]
struct NameIndex(hashbrown::HashTable<(u32, RecId)>);

impl NameIndex {
    fn with_capacity(n: usize) -> NameIndex {
        NameIndex(hashbrown::HashTable::with_capacity(n))
    }
    /// The record named `name`, whose records are `records`.
    fn find(&self, records: &[Record], name: &str) -> Option<RecId> {
        let key = short_hash(name_hash(name));
        self.0.find(table_hash(key), |&(k, id)| k == key && name_in(records, id) == name).map(|&(_, id)| id)
    }
    /// Files `id`, whose name hashes to `hash`; no record of that name may be filed.
    fn insert(&mut self, hash: u64, id: RecId) {
        let key = short_hash(hash);
        self.0.insert_unique(table_hash(key), (key, id), |&(k, _)| table_hash(k));
    }
    /// Takes the record named `name` out, if one is filed.
    fn remove(&mut self, records: &[Record], name: &str) {
        let key = short_hash(name_hash(name));
        if let Ok(entry) = self.0.find_entry(table_hash(key), |&(k, id)| k == key && name_in(records, id) == name) {
            entry.remove();
        }
    }
    fn reserve(&mut self, n: usize) {
        self.0.reserve(n, |&(k, _)| table_hash(k));
    }
}

impl Site {
    fn interned(self) -> &'static Site {
        SITES.with(|d| d.intern(self))
    }
}

/// One field or template argument of a record: its declaration (shared; its fields read through
/// `Deref`, e.g. `rv.name`, `rv.ty`), its value and where the value was set. 16 bytes.
#[derive(Clone, Copy, Debug)]
pub struct RecordVal {
    site: &'static Site,
    pub value: Init,
}
const _: () = assert!(std::mem::size_of::<RecordVal>() == 16);

impl std::ops::Deref for RecordVal {
    type Target = FieldDecl;
    fn deref(&self) -> &FieldDecl {
        &self.site.decl
    }
}

impl RecordVal {
    /// A field of type `ty` holding `?` (for `bits<n>`, n unset bits, as LLVM's constructor does).
    pub fn new(name: Init, loc: Loc, ty: Ty, nonconcrete_ok: bool) -> RecordVal {
        let value = match ty.bits_width() {
            Some(n) => Init::bits(&vec![Init::unset(); n as usize]),
            None => Init::unset(),
        };
        let decl = FieldDecl { name, ty, nonconcrete_ok, template_arg: false, loc, lost: false };
        RecordVal::from_parts(decl, value, loc)
    }
    /// A field with every part given (a record read back from a store).
    pub fn from_parts(decl: FieldDecl, value: Init, set_at: Loc) -> RecordVal {
        RecordVal { site: Site { decl, set_at }.interned(), value }
    }
    /// Where the current value was set (body line, `let`, template argument): provenance.
    pub fn set_at(&self) -> Loc {
        self.site.set_at
    }
    /// Notes that the value was set at `loc`.
    pub fn note_set_at(&mut self, loc: Loc) {
        if self.site.set_at != loc {
            self.site = Site { set_at: loc, ..*self.site }.interned();
        }
    }
    fn with_decl(&mut self, f: impl FnOnce(&mut FieldDecl)) {
        let mut site = *self.site;
        f(&mut site.decl);
        self.site = site.interned();
    }
    pub fn set_loc(&mut self, loc: Loc) {
        if self.loc != loc {
            self.with_decl(|d| d.loc = loc);
        }
    }
    pub fn set_lost(&mut self, lost: bool) {
        if self.lost != lost {
            self.with_decl(|d| d.lost = lost);
        }
    }
    pub fn set_template_arg(&mut self, template_arg: bool) {
        if self.template_arg != template_arg {
            self.with_decl(|d| d.template_arg = template_arg);
        }
    }
    pub fn name_str(&self) -> Sym {
        self.name.as_str().unwrap_or("")
    }
    /// LLVM's `getPrintType`: `code` for a string field holding a code literal.
    pub fn print_type(&self) -> String {
        let mut s = String::new();
        self.write_print_type(&mut s);
        s
    }
    /// Appends [`Self::print_type`].
    pub fn write_print_type(&self, s: &mut String) {
        if self.ty.is_string() {
            s.push_str(if self.value.is_code() { "code" } else { "string" });
        } else {
            self.ty.write_to(s);
        }
    }
}

#[derive(Clone, Debug)]
pub struct Assertion {
    pub loc: Loc,
    pub cond: Init,
    pub msg: Init,
}

#[derive(Clone, Debug)]
pub struct Dump {
    pub loc: Loc,
    pub msg: Init,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordKind {
    Class,
    Def,
    AnonymousDef,
    MultiClass,
}

/// One step of the defm / multiclass instantiations that produced a record.
#[derive(Clone, Debug)]
pub struct DefmStep {
    /// The `defm` statement.
    pub defm_loc: Loc,
    /// The multiclass instantiated.
    pub multiclass: Sym,
}

/// A class, a def, or the prototype record of a multiclass.
/// A record's locations: one, or a few when defms made it (kept inline: one copy is made for
/// every def a multiclass or loop instantiates).
pub type Locs = SmallVec<[Loc; 2]>;

// One per class and def (AMDGPU: 109k): kept small.
const _: () = assert!(std::mem::size_of::<Record>() <= 120);
#[derive(Clone, Debug)]
pub struct Record {
    pub name: Init,
    /// Definition location, then each defm that instantiated it (innermost first).
    pub locs: Locs,
    pub forward_decl_locs: ThinVec<Loc>,
    pub kind: RecordKind,
    /// Names of template arguments, in order (their values are among `values`).
    pub template_args: ThinVec<Init>,
    pub values: Vec<RecordVal>,
    /// Every superclass, as LLVM keeps them: each direct superclass after its own superclasses.
    pub superclasses: Superclasses,
    // The vectors that are empty in most records are `ThinVec`s: one pointer instead of three.
    pub assertions: ThinVec<Assertion>,
    pub dumps: ThinVec<Dump>,
    pub defm_chain: ThinVec<DefmStep>,
    /// A def whose name was made from an anonymous name (an anonymous `defm`'s, directly or
    /// through a multiclass, loop or `NAME`): `anonymous_15479C`. LLVM calls it a named def,
    /// but its number shifts as an anonymous def's does. Set when the def is added.
    pub name_from_anonymous: bool,
}

impl Record {
    pub fn new(name: Init, locs: impl Into<Locs>, kind: RecordKind) -> Record {
        Record {
            name,
            locs: locs.into(),
            forward_decl_locs: ThinVec::new(),
            kind,
            template_args: ThinVec::new(),
            values: Vec::new(),
            superclasses: Superclasses::default(),
            assertions: ThinVec::new(),
            dumps: ThinVec::new(),
            defm_chain: ThinVec::new(),
            name_from_anonymous: false,
        }
    }
    /// The copy of a multiclass or loop body's record that one instance starts from. Like
    /// LLVM's Record copy constructor it leaves out the dumps (instances never run them);
    /// `defm` (its statement and multiclass) is added to the locations and the defm chain,
    /// which are allocated once with room for it.
    pub fn instance(&self, defm: Option<(Loc, Sym)>) -> Record {
        fn with<T: Clone>(items: &[T], extra: Option<T>) -> ThinVec<T> {
            let mut v = ThinVec::with_capacity(items.len() + usize::from(extra.is_some()));
            v.extend_from_slice(items);
            v.extend(extra);
            v
        }
        Record {
            name: self.name,
            locs: self.locs.iter().copied().chain(defm.map(|(loc, _)| loc)).collect(),
            forward_decl_locs: self.forward_decl_locs.clone(),
            kind: self.kind,
            template_args: self.template_args.clone(),
            values: self.values.clone(),
            superclasses: self.superclasses,
            assertions: self.assertions.clone(),
            dumps: ThinVec::new(),
            defm_chain: with(&self.defm_chain, defm.map(|(defm_loc, multiclass)| DefmStep { defm_loc, multiclass })),
            name_from_anonymous: self.name_from_anonymous,
        }
    }
    /// A copy with only what template-argument parsing reads: the name, locations, kind, the
    /// template arguments and their values (cheaper than cloning every field of a class).
    pub fn args_view(&self) -> Record {
        let mut r = Record::new(self.name, self.locs.clone(), self.kind);
        r.template_args = self.template_args.clone();
        r.values =
            self.values.iter().filter(|v| v.template_arg || self.template_args.contains(&v.name)).cloned().collect();
        r
    }
    pub fn is_class(&self) -> bool {
        self.kind == RecordKind::Class
    }
    pub fn is_anonymous(&self) -> bool {
        self.kind == RecordKind::AnonymousDef
    }
    /// An anonymous def, or a def named from an anonymous name: its name holds a number that
    /// any anonymous def added before it shifts, so the name is no identity.
    pub fn has_numbered_name(&self) -> bool {
        self.is_anonymous() || self.name_from_anonymous
    }
    /// LLVM's `getNameInitAsString`.
    pub fn name_string(&self) -> String {
        self.name.unquoted()
    }
    pub fn loc(&self) -> Loc {
        self.locs.first().copied().unwrap_or(Loc::NONE)
    }
    pub fn value(&self, name: Init) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name == name)
    }
    pub fn value_by_str(&self, name: &str) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name.as_str().is_some_and(|n| crate::intern::same_str(n, name)))
    }
    pub fn is_template_arg(&self, name: Init) -> bool {
        self.template_args.contains(&name)
    }
    pub fn remove_value(&mut self, name: Init) {
        self.values.retain(|v| v.name != name);
    }
    pub fn is_subclass_of(&self, class: RecId) -> bool {
        self.superclasses.iter().any(|s| s.0 == class)
    }
    /// The direct superclasses, last first (LLVM's `getDirectSuperClasses`).
    pub fn direct_superclasses(&self, rk: &RecordKeeper) -> Vec<RecId> {
        let mut out = Vec::new();
        self.for_each_direct_superclass(rk, |c| out.push(c));
        out
    }
    fn for_each_direct_superclass(&self, rk: &RecordKeeper, mut f: impl FnMut(RecId)) {
        self.for_each_direct_superclass_index(rk, |i| f(self.superclasses[i].0));
    }
    /// The positions in `superclasses` of the direct superclasses, last first: the last one and,
    /// before each, the one before its own superclasses.
    pub fn for_each_direct_superclass_index(&self, rk: &RecordKeeper, f: impl FnMut(usize)) {
        self.superclasses.for_each_direct_index(rk, f)
    }
    /// The record's type: its direct superclasses.
    pub fn ty(&self, rk: &RecordKeeper) -> Ty {
        self.superclasses.record_type(rk)
    }
    /// The direct superclasses with their names, last first.
    pub fn direct_superclass_names(&self, rk: &RecordKeeper) -> SmallVec<[(RecId, Sym); 4]> {
        self.superclasses.direct_names(rk)
    }

    /// LLVM's `operator<<(raw_ostream&, const Record&)`.
    pub fn print(&self, rk: &RecordKeeper, out: &mut dyn Write) -> io::Result<()> {
        let mut s = String::with_capacity(256);
        self.print_to(rk, &mut s);
        out.write_all(s.as_bytes())
    }

    pub fn print_to(&self, rk: &RecordKeeper, s: &mut String) {
        self.name.write_unquoted(s);
        if !self.template_args.is_empty() {
            s.push('<');
            for (i, ta) in self.template_args.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                if let Some(rv) = self.value(*ta) {
                    print_val(rv, s);
                }
            }
            s.push('>');
        }
        s.push_str(" {");
        if !self.superclasses.is_empty() {
            s.push_str("\t//");
            for (sc, _) in self.superclasses.iter() {
                s.push(' ');
                rk.get(*sc).name.write_unquoted(s);
            }
        }
        s.push('\n');
        for pass in [true, false] {
            for v in &self.values {
                if v.nonconcrete_ok == pass && !v.template_arg {
                    s.push_str("  ");
                    print_val(v, s);
                    s.push_str(";\n");
                }
            }
        }
        s.push_str("}\n");
    }
}

fn print_val(v: &RecordVal, s: &mut String) {
    if v.nonconcrete_ok {
        s.push_str("field ");
    }
    v.write_print_type(s);
    s.push(' ');
    v.name.write_unquoted(s);
    if !v.lost {
        s.push_str(" = ");
        v.value.write_to(s);
    }
}

/// Every class, def and global of one evaluation.
#[derive(Default)]
pub struct RecordKeeper {
    /// All records by id: classes, defs, and ids reserved for defs being finished.
    pub records: Vec<Record>,
    /// Classes and defs by name, in name order. The names are the interned ones ([`sym`]): a
    /// def's name is not copied into a `String` of its own. Add classes with
    /// [`Self::add_class`] or [`Self::insert_class`], which also index them by hash.
    pub classes: BTreeMap<Sym, RecId>,
    pub defs: BTreeMap<Sym, RecId>,
    /// `defvar` at top level and `defset`s.
    pub globals: HashMap<String, Init>,
    pub anon_counter: u32,
    /// `Class<args>` values already instantiated, to their defs.
    pub vardef_cache: HashMap<Init, Init>,
    /// Where each `Class<args>` value was first written, when the release puts the anonymous
    /// def it makes there (`Dialect::anonymous_def_at_use`).
    pub vardef_locs: HashMap<Init, Loc>,
    /// Where final resolution last found each field name (`resolve::RecordResolver`).
    pub(crate) field_hints: crate::resolve::FieldHints,
    pub diags: Diagnostics,
    /// Set by a fatal error: evaluation stops at the next statement.
    pub fatal: bool,
    /// Bounds on the evaluation's work ([`crate::limits`]).
    pub limits: Limits,
    /// The release whose language is evaluated: ask [`Self::dialect`] what it does.
    pub release: crate::release::Release,
    /// Iterations of `foreach` statements, `!foreach`, `!foldl` and `!filter` so far.
    pub iterations: u64,
    /// Where the top-level statement being evaluated starts: where a limit reached with no
    /// better location is reported.
    pub statement_loc: Loc,
    /// [`Self::def_init`] of each def added with [`Self::add_def`], by id, once made.
    def_inits: Vec<OnceLock<Init>>,
    /// The defs added with [`Self::add_def`] or [`Self::index_def`] (the loaders') by name,
    /// hashed: evaluation looks names up millions of times (`!cast`, identifiers), and a B-tree
    /// lookup compares strings at every level. (Code that fills `defs` directly bypasses it.)
    /// Only the ids are kept with their names' hashes (8 bytes an entry, not a name's 16 too:
    /// RISC-V has 245 k defs).
    def_index: NameIndex,
    /// The classes by name, hashed as `def_index`: backends ask "is this record a `Foo`?" by
    /// name millions of times (the intrinsic backends: every property of every intrinsic).
    class_index: NameIndex,
    /// Defs added since [`Self::flush_defs`], which sorts them into `defs` in one go: inserting
    /// each into the B-tree compared long, similar names at every level.
    pending_defs: Vec<RecId>,
    /// For the defs a loader filed at once ([`Self::set_loaded_defs`]): `def_index` of `defs`,
    /// made when a def is first looked up by name (most backends never do: a loaded
    /// evaluation need not hash every name).
    loaded_def_index: Option<OnceLock<NameIndex>>,
    /// The patterns of `!match` and `!instances` compiled so far (`None`: not a valid one): LLVM
    /// 23's RuntimeLibcalls.td matches a few patterns thousands of times, and compiling one
    /// costs far more than matching it.
    regexes: HashMap<Sym, Option<regex::Regex>>,
}

impl RecordKeeper {
    /// What the release being evaluated does where releases differ.
    pub fn dialect(&self) -> &'static crate::release::Dialect {
        self.release.dialect()
    }
    pub fn get(&self, id: RecId) -> &Record {
        &self.records[id.0 as usize]
    }
    pub fn get_mut(&mut self, id: RecId) -> &mut Record {
        &mut self.records[id.0 as usize]
    }
    pub fn name_sym(&self, id: RecId) -> Sym {
        name_in(&self.records, id)
    }
    pub fn class(&self, name: &str) -> Option<RecId> {
        self.class_index.find(&self.records, name)
    }
    pub fn def(&self, name: &str) -> Option<RecId> {
        if let Some(id) = self.def_index.find(&self.records, name) {
            return Some(id);
        }
        match &self.loaded_def_index {
            Some(index) => index.get_or_init(|| self.index_of_defs()).find(&self.records, name),
            None => self.defs.get(name).copied(),
        }
    }
    /// `defs` hashed by name, as `def_index` files them.
    fn index_of_defs(&self) -> NameIndex {
        let mut index = NameIndex::with_capacity(self.defs.len());
        for (name, &id) in &self.defs {
            index.insert(name_hash(name), id);
        }
        index
    }
    /// Files the defs `named` (already in `records`, final) under their names, which come in
    /// name order, each once: a loader's [`Self::index_def`] for all its defs at once. The hash
    /// index of their names is made when a def is first looked up by name.
    pub fn set_loaded_defs(&mut self, named: Vec<(Sym, RecId)>) {
        debug_assert!(named.windows(2).all(|w| w[0].0 < w[1].0), "loaded defs out of order");
        self.defs = named.into_iter().collect();
        self.def_inits.resize_with(self.records.len(), OnceLock::new);
        self.loaded_def_index = Some(OnceLock::new());
    }
    /// Puts the defs added since the last call into `defs` (by name, LLVM's order). `evaluate`
    /// calls it when the evaluation ends; until then, `def` finds them.
    pub fn flush_defs(&mut self) {
        let pending = std::mem::take(&mut self.pending_defs);
        let named: Vec<(Sym, RecId)> = pending.into_iter().map(|id| (self.name_sym(id), id)).collect();
        if self.defs.is_empty() {
            // Built from sorted entries at once, not node by node.
            self.defs = named.into_iter().collect();
        } else {
            self.defs.extend(named);
        }
    }
    /// Every def added so far (in no particular order): those in `defs` and those not yet
    /// flushed into it.
    pub fn all_def_ids(&self) -> impl Iterator<Item = RecId> + '_ {
        self.defs.values().copied().chain(self.pending_defs.iter().copied())
    }
    /// A fresh `anonymous_N` name.
    pub fn new_anonymous_name(&mut self) -> Init {
        let n = self.anon_counter;
        self.anon_counter += 1;
        Init::new(InitKind::AnonName(n))
    }
    /// Adds a record to the arena, returning its id (classes are then named in `classes`).
    pub fn push(&mut self, rec: Record) -> RecId {
        if self.limits.exceeds(Limit::Records, self.records.len() as u64 + 1) {
            let locs = rec.locs.clone();
            self.limit_exceeded(&locs, Limit::Records);
        } else if crate::limits::memory_exceeded().is_some() {
            let locs = rec.locs.clone();
            self.check_memory(&locs);
        }
        let id = RecId(self.records.len() as u32);
        self.records.push(rec);
        id
    }
    pub fn add_class(&mut self, rec: Record) -> RecId {
        let id = self.push(rec);
        self.insert_class(id);
        id
    }
    /// Files class `id` (already in `records`) under its name.
    pub fn insert_class(&mut self, id: RecId) {
        let name = self.name_sym(id);
        if self.classes.insert(name, id).is_some() {
            // Named again: the index keeps the latest, as the map does.
            self.class_index.remove(&self.records, name);
        }
        self.class_index.insert(name_hash(name), id);
    }
    /// Stores a finished def under its id (reserved earlier with [`Self::push`]) and name.
    pub fn add_def(&mut self, id: RecId, mut rec: Record) {
        self.check_values(&mut rec);
        // Fields were pushed superclass by superclass: the slack would be a few MB on a target.
        rec.values.shrink_to_fit();
        self.records[id.0 as usize] = rec;
        self.index_def(id);
    }
    /// `pattern` compiled as a regular expression, or `None` when it is not one.
    pub fn regex(&mut self, pattern: Sym) -> Option<&regex::Regex> {
        self.regexes.entry(pattern).or_insert_with(|| regex::Regex::new(pattern).ok()).as_ref()
    }
    /// Makes room for `n` more defs in the index of defs by name.
    pub fn reserve_defs(&mut self, n: usize) {
        self.def_index.reserve(n);
        self.pending_defs.reserve(n);
    }
    /// Files def `id` (already in `records`, final) under its name, as [`Self::add_def`] does:
    /// for a loader that rebuilds an evaluation record by record. [`Self::flush_defs`] then puts
    /// it into `defs`.
    pub fn index_def(&mut self, id: RecId) {
        self.def_index.insert(name_hash_in(&self.records, id), id);
        self.pending_defs.push(id);
        let i = id.0 as usize;
        if self.def_inits.len() <= i {
            self.def_inits.resize_with(i + 1, OnceLock::new);
        }
    }
    /// The value referring to def `id`: made the first time a def is referred to, once it
    /// is final (most of a target's anonymous defs never are). Interned on the thread that
    /// first asks: evaluation's, or for a def nothing in the evaluation refers to, a later
    /// reader's (no value of the evaluation can hold that def's value then).
    pub fn def_init(&self, id: RecId) -> Init {
        match self.def_inits.get(id.0 as usize) {
            Some(cell) => *cell.get_or_init(|| self.make_def_init(id)),
            None => self.make_def_init(id),
        }
    }
    fn make_def_init(&self, id: RecId) -> Init {
        Init::def(id, self.name_sym(id), self.get(id).ty(self))
    }

    /// A fatal error with no location (LLVM's PrintFatalError(Twine)), rendered `error: msg`.
    pub fn fatal_noloc(&mut self, msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error(Loc::NONE, msg);
        }
        self.fatal = true;
    }

    /// Reports a fatal error (LLVM's PrintFatalError): evaluation stops.
    pub fn fatal(&mut self, locs: &[Loc], msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error_at(locs, msg);
        }
        self.fatal = true;
    }
    /// Reports going beyond `limit` as a fatal error, at `locs` or else at the statement
    /// being evaluated.
    pub fn limit_exceeded(&mut self, locs: &[Loc], limit: Limit) {
        let msg = self.limits.exceeded(limit);
        if locs.is_empty() {
            let at = [self.statement_loc];
            self.fatal(&at, msg);
        } else {
            self.fatal(locs, msg);
        }
    }

    /// Checks that walking `value` (resolving, printing) stays within [`Limit::NestingDepth`]
    /// and printing it within [`Limit::ValueSize`]; reports the limit passed, if any.
    pub fn check_value(&mut self, locs: &[Loc], value: Init) -> bool {
        for (limit, n) in [(Limit::NestingDepth, u64::from(value.depth())), (Limit::ValueSize, value.size())] {
            if self.limits.exceeds(limit, n) {
                self.limit_exceeded(locs, limit);
                return false;
            }
        }
        true
    }

    /// [`Self::check_value`] for a record's values taken together. Values beyond a limit are
    /// replaced by `?`, so that nothing prints them.
    pub fn check_values(&mut self, rec: &mut Record) {
        let depth = rec.values.iter().map(|v| v.value.depth()).max().unwrap_or(0);
        let size = rec.values.iter().fold(0u64, |n, v| n.saturating_add(v.value.size()));
        for (limit, n) in [(Limit::NestingDepth, u64::from(depth)), (Limit::ValueSize, size)] {
            if self.limits.exceeds(limit, n) {
                let locs = rec.locs.clone();
                self.limit_exceeded(&locs, limit);
                for v in &mut rec.values {
                    v.value = Init::unset();
                }
                return;
            }
        }
    }

    /// False, after a fatal error at `locs` (else at the statement being evaluated), once the
    /// process's memory has gone beyond its bound ([`crate::limits::set_memory_exceeded`]).
    #[inline]
    pub fn check_memory(&mut self, locs: &[Loc]) -> bool {
        match crate::limits::memory_exceeded() {
            None => true,
            Some(bound) => {
                if !self.fatal {
                    let at = if locs.is_empty() { vec![self.statement_loc] } else { locs.to_vec() };
                    self.fatal(&at, crate::limits::memory_message(bound));
                }
                false
            }
        }
    }

    /// Counts `n` more iterations of a loop; false, after a fatal error, when the total goes
    /// beyond [`Limit::ForeachIterations`].
    pub fn count_iterations(&mut self, locs: &[Loc], n: u64) -> bool {
        self.iterations = self.iterations.saturating_add(n);
        if self.limits.exceeds(Limit::ForeachIterations, self.iterations) {
            self.limit_exceeded(locs, Limit::ForeachIterations);
            return false;
        }
        true
    }

    pub fn error(&mut self, locs: &[Loc], msg: impl Into<String>) {
        if !self.fatal {
            self.diags.error_at(locs, msg);
        }
    }

    /// llvm-tblgen's `--print-records` output.
    pub fn print(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut items: Vec<(&'static str, RecId)> = Vec::with_capacity(self.classes.len() + self.defs.len());
        items.extend(self.classes.values().map(|id| ("class ", *id)));
        let defs_start = items.len();
        items.extend(self.defs.values().map(|id| ("def ", *id)));
        out.write_all(b"------------- Classes -----------------\n")?;
        let format = |i: usize, s: &mut String| {
            if i == defs_start {
                s.push_str("------------- Defs -----------------\n");
            }
            let (kw, id) = items[i];
            s.push_str(kw);
            self.get(id).print_to(self, s);
        };
        format_in_order(items.len(), &format, out)?;
        if defs_start == items.len() {
            out.write_all(b"------------- Defs -----------------\n")?;
        }
        Ok(())
    }

    /// LLVM's `CheckAssert`: whether the assertion failed (or its condition is no number).
    pub fn check_assert(&mut self, loc: Loc, cond: Init, msg: Init) -> bool {
        match cond.convert_to(self, Ty::int()).and_then(|c| c.as_int()) {
            None => self.error(&[loc], "assert condition must of type bit, bits, or int."),
            Some(0) => {
                let text = msg.as_str().unwrap_or("(assert message is not a string)");
                if self.dialect().assert_message_in_error {
                    self.error(&[loc], format!("assertion failed: {text}"));
                } else {
                    self.error(&[loc], "assertion failed");
                    self.diags.note(Loc::NONE, text);
                }
            }
            Some(_) => return false,
        }
        true
    }

    /// LLVM's `dumpMessage`.
    pub fn dump_message(&mut self, loc: Loc, msg: Init) {
        match msg.as_str() {
            Some(m) => {
                if !self.fatal {
                    self.diags.list.push(crate::diag::Diagnostic {
                        severity: crate::diag::Severity::Note,
                        loc: Some(loc),
                        message: m.to_owned(),
                        notes: Vec::new(),
                    })
                }
            }
            None => self.error(&[loc], "dump value is not of type string"),
        }
    }
}

impl ClassGraph for RecordKeeper {
    fn class_is_subclass_of(&self, sub: RecId, sup: RecId) -> bool {
        sub == sup || self.get(sub).is_subclass_of(sup)
    }
    fn direct_superclasses(&self, class: RecId) -> Vec<(RecId, Sym)> {
        self.get(class).direct_superclasses(self).into_iter().map(|c| (c, self.name_sym(c))).collect()
    }
}

/// Writes `format(0) .. format(n - 1)` to `out`, in that order, formatting chunks of items on
/// every core. Formatting records is most of an output backend's work; the items are immutable
/// and the interned values they share are read-only, so worker threads format consecutive
/// chunks into their own buffers while this thread writes finished chunks in order: the bytes
/// are exactly those of a sequential loop, whatever the scheduling.
pub fn format_in_order(n: usize, format: &(dyn Fn(usize, &mut String) + Sync), out: &mut dyn Write) -> io::Result<()> {
    format_in_order_with(n, &|| (), &|_: &mut (), i, s| format(i, s), out)
}

/// [`format_in_order`] where each formatting thread keeps its own state, made by `state` when
/// the thread starts: a cache of printed values, say, which a shared one would have to lock.
/// The output must not depend on the state's contents (only its speed may), since which items
/// a thread formats depends on the scheduling.
pub fn format_in_order_with<S>(
    n: usize,
    state: &(dyn Fn() -> S + Sync),
    format: &(dyn Fn(&mut S, usize, &mut String) + Sync),
    out: &mut dyn Write,
) -> io::Result<()> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{mpsc, Condvar, Mutex};
    /// Items per chunk: a few hundred kilobytes of text for typical records.
    const CHUNK: usize = 256;
    /// Chunks formatted ahead of the one being written, at most: bounds the memory held (a
    /// chunk of AMDGPU's records is most of a megabyte); two formatting threads need few.
    const WINDOW: usize = 4;
    /// A value tree as deep as the parser accepts is printed recursively.
    const STACK: usize = 256 << 20;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let chunks = n.div_ceil(CHUNK);
    if workers < 2 || chunks < 2 {
        let mut state = state();
        let mut s = String::with_capacity(1 << 17);
        for i in 0..n {
            format(&mut state, i, &mut s);
            if s.len() >= 1 << 17 {
                out.write_all(s.as_bytes())?;
                s.clear();
            }
        }
        return out.write_all(s.as_bytes());
    }
    let style = crate::init::PrintStyle::current();
    let next = AtomicUsize::new(0);
    let written = (Mutex::new(0usize), Condvar::new());
    let failed = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, String)>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, written, failed) = (&next, &written, &failed);
            let worker = move || {
                style.install();
                let mut state = state();
                loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= chunks || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    {
                        let (lock, cv) = written;
                        let mut w = lock.lock().unwrap_or_else(|e| e.into_inner());
                        while c >= *w + WINDOW && !failed.load(Ordering::Relaxed) {
                            w = cv.wait(w).unwrap_or_else(|e| e.into_inner());
                        }
                    }
                    let mut s = String::with_capacity(1 << 18);
                    for i in c * CHUNK..((c + 1) * CHUNK).min(n) {
                        format(&mut state, i, &mut s);
                    }
                    if tx.send((c, s)).is_err() {
                        break;
                    }
                }
            };
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(scope, worker)
                .expect("spawn a formatting thread");
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut expected = 0;
        let mut result = Ok(());
        for (c, s) in rx {
            pending.insert(c, s);
            while let Some(s) = pending.remove(&expected) {
                if result.is_ok() {
                    result = out.write_all(s.as_bytes());
                }
                expected += 1;
                let (lock, cv) = &written;
                *lock.lock().unwrap_or_else(|e| e.into_inner()) = expected;
                if result.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                cv.notify_all();
            }
        }
        result
    })
}

/// LLVM's `StringRef::compare_numeric`: byte order, except that runs of digits at the same
/// position compare as numbers (a longer run is larger, equal lengths compare bytewise).
pub fn compare_numeric(lhs: &[u8], rhs: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let end = lhs.len().min(rhs.len());
    let mut i = 0;
    while i < end {
        if lhs[i].is_ascii_digit() && rhs[i].is_ascii_digit() {
            let mut j = i + 1;
            loop {
                let l = lhs.get(j).is_some_and(u8::is_ascii_digit);
                let r = rhs.get(j).is_some_and(u8::is_ascii_digit);
                if l != r {
                    return if r { Ordering::Less } else { Ordering::Greater };
                }
                if !r {
                    break;
                }
                j += 1;
            }
            match lhs[i..j].cmp(&rhs[i..j]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
            i = j;
            continue;
        }
        if lhs[i] != rhs[i] {
            return lhs[i].cmp(&rhs[i]);
        }
        i += 1;
    }
    lhs.len().cmp(&rhs.len())
}
