//! `--gen-runtime-libcalls` (LLVM 22 on): the runtime library calls of RuntimeLibcalls.td:
//! the `Libcall` and `LibcallImpl` enums, the implementations' names as a string table, a
//! perfect hash table from name to implementation, and for each `SystemRuntimeLibrary` the
//! code that makes its implementations available, grouped by predicate and calling convention
//! (LLVM's RuntimeLibcallsEmitter.cpp and RuntimeLibcalls.cpp).

use crate::common::emit::{ifdef_block, source_file_header, StringToOffsetTable};
use crate::common::records::Fields;
use crate::common::std_sort::std_sort_by;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};
use tdq_models::set_theory::SetTheory;

pub struct GenRuntimeLibcalls;

impl Backend for GenRuntimeLibcalls {
    fn name(&self) -> &'static str {
        "gen-runtime-libcalls"
    }
    fn help(&self) -> &'static str {
        "Generate RuntimeLibcalls"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let libcalls = Libcalls::read(input)?;
        let mut s = String::new();
        source_file_header(&mut s, "Runtime LibCalls Source Fragment", Some(&options.input_filename));
        libcalls.enums(&mut s);
        libcalls.names(&mut s)?;
        libcalls.name_hash_table(&mut s);
        let mut info = String::new();
        libcalls.system_libraries(&mut info, &mut out.diags)?;
        ifdef_block(&mut s, "GET_RUNTIME_LIBCALLS_INFO", false, |s| s.push_str(&info));
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// The predicates of the nested sets that hold an implementation, and their calling
/// convention (LLVM's `Func2Preds` values).
type Predicates = (Vec<RecId>, Option<RecId>);

/// A `RuntimeLibcallImpl`: a function that provides a libcall.
struct Implementation {
    def: RecId,
    /// Its `LibcallImpl` value (0 is `Unsupported`).
    value: usize,
    /// `LibCallFuncName`.
    function: &'static str,
    /// The index of the `RuntimeLibcall` it provides.
    provides: usize,
}

/// LLVM's `RuntimeLibcalls`: the libcalls by name, the implementations by function name.
struct Libcalls<'a> {
    f: Fields<'a>,
    /// `RuntimeLibcall` defs; a libcall's value is its index.
    libcalls: Vec<RecId>,
    implementations: Vec<Implementation>,
    by_def: HashMap<RecId, usize>,
}

impl<'a> Libcalls<'a> {
    fn read(input: &'a Evaluation) -> Result<Libcalls<'a>> {
        let f = Fields { input };
        let libcalls = all_derived_definitions(input, "RuntimeLibcall")?;
        let libcall_index: HashMap<RecId, usize> = libcalls.iter().enumerate().map(|(i, &d)| (d, i)).collect();
        let mut named = Vec::new();
        for def in all_derived_definitions(input, "RuntimeLibcallImpl")? {
            named.push((f.string(def, "LibCallFuncName")?, f.name(def).to_string(), def));
        }
        // By function name, then by def name.
        named.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let mut implementations = Vec::with_capacity(named.len());
        let mut by_def = HashMap::new();
        for (index, (function, _, def)) in named.into_iter().enumerate() {
            let provides = libcall_index.get(&f.def(def, "Provides")?).copied();
            if f.bit(def, "IsDefault")? && provides.is_none() {
                let locs = &input.records.get(def).locs;
                return Err(BackendError::fatal(locs, "default implementations must provide a libcall"));
            }
            let Some(provides) = provides else {
                let message = format!("`{}' provides no RuntimeLibcall", f.name(def));
                return Err(BackendError::fatal(&input.records.get(def).locs, message));
            };
            by_def.insert(def, index);
            implementations.push(Implementation { def, value: index + 1, function, provides });
        }
        Ok(Libcalls { f, libcalls, implementations, by_def })
    }

    fn impl_name(&self, imp: &Implementation) -> String {
        format!("RTLIB::impl_{}", self.f.name(imp.def))
    }

    fn enums(&self, s: &mut String) {
        let mut body = String::from("namespace llvm {\nnamespace RTLIB {\nenum Libcall : unsigned short {\n");
        for (value, &libcall) in self.libcalls.iter().enumerate() {
            let _ = writeln!(body, "  {} = {value},", self.f.name(libcall));
        }
        let _ = write!(
            body,
            "  UNKNOWN_LIBCALL = {}\n}};\n\nenum LibcallImpl : unsigned short {{\n  Unsupported = 0,\n",
            self.libcalls.len()
        );
        for imp in &self.implementations {
            let _ = writeln!(body, "  impl_{} = {}, // {}", self.f.name(imp.def), imp.value, imp.function);
        }
        let _ = write!(
            body,
            "}};\nconstexpr size_t NumLibcallImpls = {};\n}} // End namespace RTLIB\n}} // End namespace llvm\n",
            self.implementations.len() + 1
        );
        ifdef_block(s, "GET_RUNTIME_LIBCALL_ENUM", false, |s| s.push_str(&body));
    }

    /// `emitGetInitRuntimeLibcallNames`: the names' string table, offsets and sizes, and each
    /// implementation's libcall.
    fn names(&self, s: &mut String) -> Result<()> {
        let mut table = StringToOffsetTable::starting_empty();
        for imp in &self.implementations {
            table.get_or_add(imp.function);
        }
        let mut body = String::new();
        table.emit_string_table_def_of("RTLIB::RuntimeLibcallsInfo::", true, "RuntimeLibcallImplNameTable", &mut body);
        body.push_str("\nconst uint16_t RTLIB::RuntimeLibcallsInfo::RuntimeLibcallNameOffsetTable[] = {\n  0, // \n");
        for imp in &self.implementations {
            let _ = writeln!(body, "  {}, // {}", table.get(imp.function).unwrap_or(0), imp.function);
        }
        body.push_str("};\n\nconst uint8_t RTLIB::RuntimeLibcallsInfo::RuntimeLibcallNameSizeTable[] = {\n  0,\n");
        for imp in &self.implementations {
            let _ = writeln!(body, "  {},", imp.function.len());
        }
        body.push_str(
            "};\n\nconst RTLIB::Libcall llvm::RTLIB::RuntimeLibcallsInfo::ImplToLibcall[RTLIB::NumLibcallImpls] = {\n  \
             RTLIB::UNKNOWN_LIBCALL, // RTLIB::Unsupported\n",
        );
        for imp in &self.implementations {
            let libcall = self.f.string(self.libcalls[imp.provides], "Name")?;
            let _ = writeln!(body, "  RTLIB::{libcall}, // {}", self.impl_name(imp));
        }
        body.push_str("};\n\n");
        ifdef_block(s, "GET_INIT_RUNTIME_LIBCALL_NAMES", false, |s| s.push_str(&body));
        Ok(())
    }

    /// `emitNameMatchHashTable`: a perfect hash table of the distinct function names.
    fn name_hash_table(&self, s: &mut String) {
        let mut seen = HashSet::new();
        let (mut hashes, mut values) = (Vec::new(), Vec::new());
        let mut longest = 0;
        for imp in &self.implementations {
            if seen.insert(imp.function) {
                longest = longest.max(imp.function.len());
                values.push(imp.value);
                hashes.push(u64::from(xxhash_rust::xxh3::xxh3_64(imp.function.as_bytes()) as u32));
            }
        }
        let body = format!(
            "  size_t Size = Name.size();\n  if (Size == 0 || Size > {longest})\n    \
             return enum_seq(RTLIB::Unsupported, RTLIB::Unsupported);\n return lookupLibcallImplNameImpl(Name);\n"
        );
        ifdef_block(s, "GET_LOOKUP_LIBCALL_IMPL_NAME_BODY", false, |s| s.push_str(&body));
        let (size, collisions) = perfect_hash_parameters(&hashes);
        let mut lookup = vec![0; size * collisions];
        for (&hash, &value) in hashes.iter().zip(&values) {
            let index = (hash % size as u64) as usize * collisions;
            // The parameters leave room for every hash.
            if let Some(entry) = lookup[index..index + collisions].iter_mut().find(|e| **e == 0) {
                *entry = value;
            }
        }
        let mut body = String::from(
            "static inline uint64_t hash(StringRef Str) {\n  return static_cast<uint32_t>(xxh3_64bits(Str));\n}\n\n\
             iota_range<RTLIB::LibcallImpl> RTLIB::RuntimeLibcallsInfo::lookupLibcallImplNameImpl(StringRef Name) {\n",
        );
        let _ = writeln!(body, "  static constexpr uint16_t HashTableNameToEnum[{}] = {{", lookup.len());
        for value in &lookup {
            let _ = writeln!(body, "    {value},");
        }
        let _ = write!(
            body,
            "  }};\n\n  unsigned Idx = (hash(Name) % {size}) * {collisions};\n\n  for (int I = 0; I != {collisions}; ++I) {{\n"
        );
        body.push_str(
            "    const uint16_t Entry = HashTableNameToEnum[Idx + I];\n\
             \x20   const uint16_t StrOffset = RuntimeLibcallNameOffsetTable[Entry];\n\
             \x20   const uint8_t StrSize = RuntimeLibcallNameSizeTable[Entry];\n\
             \x20   StringRef Str(\n\
             \x20     &RTLIB::RuntimeLibcallsInfo::RuntimeLibcallImplNameTableStorage[StrOffset],\n\
             \x20     StrSize);\n\
             \x20   if (Str == Name)\n\
             \x20     return libcallImplNameHit(Entry, StrOffset);\n  }\n\n\
             \x20 return enum_seq(RTLIB::Unsupported, RTLIB::Unsupported);\n}\n",
        );
        ifdef_block(s, "DEFINE_GET_LOOKUP_LIBCALL_IMPL_NAME", false, |s| s.push_str(&body));
    }

    /// `emitSystemRuntimeLibrarySetCalls`.
    fn system_libraries(&self, s: &mut String, diags: &mut Diagnostics) -> Result<()> {
        let f = &self.f;
        s.push_str(
            "void llvm::RTLIB::RuntimeLibcallsInfo::setTargetRuntimeLibcallSets(const llvm::Triple &TT, \
             ExceptionHandling ExceptionModel, FloatABI::ABIType FloatABI, EABI EABIVersion, StringRef ABIName) {\n",
        );
        for library in all_derived_definitions(f.input, "SystemRuntimeLibrary")? {
            let triple = f.string(f.def(library, "TriplePred")?, "Cond")?;
            let _ = writeln!(s, "\n  if ({triple}) {{");
            let default_cc = f.string(f.def(library, "DefaultLibcallCallingConv")?, "CallingConv")?.trim();
            if !default_cc.is_empty() {
                let _ = write!(
                    s,
                    "    const CallingConv::ID DefaultCC = {default_cc};\n    \
                     for (CallingConv::ID &Entry : LibcallImplCallingConvs) {{\n      Entry = DefaultCC;\n    }}\n\n"
                );
            }
            self.system_library(library, s, diags)?;
            s.push_str("    return;\n  }\n");
        }
        s.push_str("  LLVM_DEBUG(dbgs() << \"no system runtime library applied to target \\'\" << TT.str() << \"\\'\\n\");\n}\n\n");
        Ok(())
    }

    /// The predicates (and calling conventions) under which `LibcallImpls` sets nested in a
    /// library's members make each implementation available (`LibcallPredicateExpander`).
    fn nested_predicates(&self, sets: &SetTheory, diags: &mut Diagnostics) -> Result<HashMap<usize, Predicates>> {
        let f = &self.f;
        let mut predicates: HashMap<usize, Predicates> = HashMap::new();
        for (set, members) in &sets.finished {
            let predicate = f.def(*set, "AvailabilityPredicate")?;
            let always = f.string(predicate, "Cond")?.is_empty();
            let cc = optional_def(f, *set, "CallingConv")?;
            if always && cc.is_none() {
                continue;
            }
            for member in members.iter().filter_map(|m| m.record()) {
                let Some(&index) = self.by_def.get(&member) else {
                    continue;
                };
                let entry = predicates.entry(index).or_insert_with(|| (Vec::new(), None));
                if !entry.0.is_empty() {
                    let message = format!(
                        "combining nested libcall set predicates currently unhandled: '{}'",
                        self.implementations[index].function
                    );
                    diags.error_at(&f.input.records.get(*set).locs, message);
                }
                entry.0.push(predicate);
                entry.1 = cc;
            }
        }
        Ok(predicates)
    }

    fn system_library(&self, library: RecId, s: &mut String, diags: &mut Diagnostics) -> Result<()> {
        let f = &self.f;
        let rk = &f.input.records;
        let mut sets = SetTheory::new(f.input, &[("LibcallImpls", "MemberList")]);
        let elements = sets.expand(f.def(library, "MemberList")?)?.unwrap_or_default();
        let predicates = self.nested_predicates(&sets, diags)?;

        // (predicate, calling convention) keys, the unconditional one first, as first met.
        type Key = (Option<RecId>, Option<RecId>);
        let mut keys: Vec<Key> = vec![(None, None)];
        let mut groups: HashMap<Key, (Vec<usize>, Option<RecId>)> = HashMap::new();
        let mut bitset = vec![0u64; (self.implementations.len() + 1).div_ceil(64)];
        // Without the tuple expander every member is a def.
        for element in elements.iter().filter_map(|m| m.record()) {
            let Some(&index) = self.by_def.get(&element) else {
                diags.error_at(&rk.get(library).locs, "entry for SystemLibrary is not a RuntimeLibcallImpl");
                diags.note_at(&rk.get(element).locs, format!("invalid entry `{}`", f.name(element)));
                continue;
            };
            let value = self.implementations[index].value;
            let bit = 1u64 << (value % 64);
            match predicates.get(&index) {
                None => {
                    bitset[value / 64] |= bit;
                    groups.entry((None, None)).or_default().0.push(index);
                }
                Some((preds, cc)) => {
                    for &pred in preds {
                        if f.string(pred, "Cond")?.is_empty() {
                            bitset[value / 64] |= bit;
                        }
                        let key = (Some(pred), *cc);
                        let group = groups.entry(key).or_default();
                        group.0.push(index);
                        group.1 = *cc;
                        if !keys.contains(&key) {
                            keys.push(key);
                        }
                    }
                }
            }
        }
        s.push_str("    static constexpr LibcallImplBitset SystemAvailableImpls({\n      ");
        for (i, bits) in bitset.iter().enumerate() {
            if i > 0 {
                s.push_str(if i % 4 == 0 { ",\n      " } else { ", " });
            }
            let _ = write!(s, "{bits:#016x}");
        }
        s.push_str("\n    });\n    AvailableLibcallImpls = SystemAvailableImpls;\n\n");

        // By predicate name, with `llvm::sort`: keys of one predicate (and several calling
        // conventions) end up in the order libstdc++'s introsort leaves them.
        let name = |key: &Key| key.0.map(|p| f.name(p).to_string()).unwrap_or_default();
        std_sort_by(&mut keys, |a, b| name(a) < name(b));
        for key in keys {
            let Some((mut funcs, cc)) = groups.remove(&key) else {
                continue;
            };
            let predicate = match key.0 {
                Some(pred) => Some((pred, f.string(pred, "Cond")?)),
                None => None,
            };
            let conditional = predicate.filter(|(_, cond)| !cond.is_empty());
            let depth = if conditional.is_some() { 4 } else { 2 };
            let pad = |n: usize| " ".repeat(n);
            if let Some((_, cond)) = conditional {
                let _ = writeln!(s, "{}if ({cond}) {{", pad(depth));
            }
            // One implementation a libcall: the first in the libcalls' order wins.
            funcs.sort_by_key(|&i| self.implementations[i].provides);
            let mut unique: Vec<usize> = Vec::with_capacity(funcs.len());
            for i in funcs {
                if let Some(&kept) = unique.last() {
                    let (a, b) = (&self.implementations[kept], &self.implementations[i]);
                    if a.provides == b.provides {
                        let message = format!(
                            "conflicting implementations for libcall {}: {}, {}",
                            f.name(self.libcalls[a.provides]),
                            a.function,
                            b.function
                        );
                        diags.warning_at(&rk.get(library).locs, message);
                        continue;
                    }
                }
                unique.push(i);
            }
            let mut suffix = String::new();
            if let Some(pred) = key.0 {
                let _ = write!(suffix, "_{}", f.name(pred));
            }
            if let Some(cc) = cc {
                let _ = write!(suffix, "_{}", f.name(cc));
            }
            let _ = writeln!(s, "{}static const RTLIB::LibcallImpl LibraryCalls{suffix}[] = {{", pad(depth + 2));
            for i in unique {
                let imp = &self.implementations[i];
                let _ = writeln!(s, "{}{}, // {}", pad(depth + 6), self.impl_name(imp), imp.function);
            }
            let _ = write!(
                s,
                "{0}}};\n\n{0}for (const RTLIB::LibcallImpl Impl : LibraryCalls{suffix}) {{\n{1}setAvailable(Impl);\n",
                pad(depth + 2),
                pad(depth + 4)
            );
            if let Some(cc) = cc {
                let _ =
                    writeln!(s, "{}setLibcallImplCallingConv(Impl, {});", pad(depth + 4), f.string(cc, "CallingConv")?);
            }
            let _ = write!(s, "{}}}\n\n", pad(depth + 2));
            if conditional.is_some() {
                let _ = write!(s, "{}}}\n\n", pad(depth));
            }
        }
        Ok(())
    }
}

/// `getValueAsOptionalDef`: the def, or `None` for `?`.
fn optional_def(f: &Fields, rec: RecId, field: &str) -> Result<Option<RecId>> {
    let value = f.init(rec, field)?;
    if let Some(def) = value.as_def() {
        return Ok(Some(def));
    }
    if value.is_unset() {
        return Ok(None);
    }
    let message = format!("Record `{}', field `{field}' does not have either a def initializer or '?'!", f.name(rec));
    Err(BackendError::fatal(&f.input.records.get(rec).locs, message))
}

/// `computePerfectHashParameters`: the smallest table (a power of two below four times the
/// number of hashes) with the fewest collisions a slot. LLVM never finishes for no hashes;
/// one slot serves.
fn perfect_hash_parameters(hashes: &[u64]) -> (usize, usize) {
    const SIZE_OVERHEAD: usize = 4;
    if hashes.is_empty() {
        return (1, 1);
    }
    let mut counts: HashMap<u64, usize> = HashMap::new();
    let mut collisions = 1;
    loop {
        let mut size = hashes.len().next_power_of_two();
        while size < SIZE_OVERHEAD * hashes.len() {
            counts.clear();
            let fits = hashes.iter().all(|h| {
                let count = counts.entry(h % size as u64).or_default();
                *count += 1;
                *count <= collisions
            });
            if fits {
                return (size, collisions);
            }
            size <<= 1;
        }
        collisions += 1;
    }
}
