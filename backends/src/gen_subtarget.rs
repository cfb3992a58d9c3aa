//! `--gen-subtarget`: a target's subtarget features, processors and schedule model as the MC
//! layer and `TargetSubtargetInfo` use them (LLVM's SubtargetEmitter.cpp): the feature enum and
//! tables, itineraries, the per-operand machine model's tables (write resources, latencies,
//! read advances, each processor's scheduling classes and resources), the variant classes'
//! resolution functions, HW mode checks and `STIPredicate` functions, from the model's
//! [`SchedModels`].

use crate::common::emit::{ifdef_block, namespace, source_file_header, StringToOffsetTable};
use crate::common::std_sort::std_sort_by;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::Init;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Loc};
use tdq_models::records::{all_derived_definitions_if_defined, derived_definitions};
use tdq_models::target::predicate_expander::{PredicateExpander, StiForm};
use tdq_models::target::sched_tables::{SchedClassTables, INVALID_MICRO_OPS};
use tdq_models::target::schedule::{ProcModel, SchedModels, Transition};
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenSubtarget;

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenSubtarget {
    fn name(&self) -> &'static str {
        "gen-subtarget"
    }
    fn help(&self) -> &'static str {
        "Generate subtarget enumerations"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let target = Target::get(input)?;
        let models = SchedModels::get(input)?;
        let mut e = Emitter {
            input,
            f: Fields { input },
            form: FORM.get(options.release),
            target: target.name,
            t: &target,
            m: &models,
            features: HashMap::new(),
            warnings: RefCell::new(Vec::new()),
        };
        let mut s = String::new();
        let result = e.run(&mut s);
        for warning in e.warnings.take() {
            out.diags.warning(Loc::NONE, warning);
        }
        result?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// How the MC description names the processors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CpuTables {
    /// A `SubTypeKV` table of names and model pointers, no name table (LLVM 19).
    SubTypes,
    /// Also a sorted `Names` table with the aliases (LLVM 22).
    SubTypesAndNames,
    /// A `SubTypeKVStorage` with a string table (aliases included) and model indices, beside
    /// one `SchedModels` array (LLVM 23).
    Storage,
}

/// How a duplicate feature name is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DuplicateFeatures {
    /// "Duplicate key in SubtargetFeatureKV: X" (LLVM 19).
    DuplicateKey,
    /// "Feature `X` is already defined." and a note (LLVM 22 on).
    AlreadyDefined,
}

/// What one release's SubtargetEmitter writes.
#[derive(Debug)]
struct Form {
    /// Sections and namespaces are `IfDefEmitter`s and `NamespaceEmitter`s (LLVM 22 on);
    /// before, written by hand (`} // end namespace X`).
    helpers: bool,
    /// 64-bit words of a feature mask (`MAX_SUBTARGET_WORDS`).
    mask_words: usize,
    duplicate_features: DuplicateFeatures,
    /// Scheduling class names are a string table and the models point at it (LLVM 22 on);
    /// before, the names are string literals.
    class_name_table: bool,
    /// Itinerary tables are `static constexpr` (LLVM 22 on).
    constexpr_itineraries: bool,
    cpu_tables: CpuTables,
    /// The MC resolution function takes the `MCSubtargetInfo` (LLVM 22 on).
    resolve_takes_sti: bool,
    /// The indentation of the MC analysis declarations (LLVM 19: one level).
    mc_analysis_decl_indent: usize,
    /// HW modes are checked by their predicates (LLVM 22 on); before, by feature strings.
    hw_mode_predicates: bool,
    /// `HwModeBits` enum in the header, `BitmaskEnum.h` included (LLVM 22 on).
    hw_mode_bits: bool,
    /// An empty `ArrayRef` argument.
    empty_array: &'static str,
    /// A processor's duplicate features are warned about (LLVM 22 on).
    duplicate_cpu_feature_warnings: bool,
    /// Overriding members are `final` (LLVM 23).
    final_members: bool,
    /// The inline feature getters (LLVM 23).
    inline_features: bool,
    /// A mode type with no mode returns 0 (LLVM 23); `Register`s count as register info.
    empty_mode_returns: bool,
    register_is_reg_info: bool,
}

const FORM_22: Form = Form {
    helpers: true,
    mask_words: 6,
    duplicate_features: DuplicateFeatures::AlreadyDefined,
    class_name_table: true,
    constexpr_itineraries: true,
    cpu_tables: CpuTables::SubTypesAndNames,
    resolve_takes_sti: true,
    mc_analysis_decl_indent: 0,
    hw_mode_predicates: true,
    hw_mode_bits: true,
    empty_array: "{}",
    duplicate_cpu_feature_warnings: true,
    final_members: false,
    inline_features: false,
    empty_mode_returns: false,
    register_is_reg_info: false,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        helpers: false,
        mask_words: 5,
        duplicate_features: DuplicateFeatures::DuplicateKey,
        class_name_table: false,
        constexpr_itineraries: false,
        cpu_tables: CpuTables::SubTypes,
        resolve_takes_sti: false,
        mc_analysis_decl_indent: 1,
        hw_mode_predicates: false,
        hw_mode_bits: false,
        empty_array: "std::nullopt",
        duplicate_cpu_feature_warnings: false,
        ..FORM_22
    },
    v22: FORM_22,
    v23: Form {
        cpu_tables: CpuTables::Storage,
        final_members: true,
        inline_features: true,
        empty_mode_returns: true,
        register_is_reg_info: true,
        ..FORM_22
    },
};

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    target: &'static str,
    t: &'a Target,
    m: &'a SchedModels,
    /// Each feature's bit.
    features: HashMap<RecId, usize>,
    /// The warnings emission gave (`PrintWarning`), in order.
    warnings: RefCell<Vec<String>>,
}

/// Counts the MC description reports to the constructor.
#[derive(Default)]
struct DescInfo {
    names: usize,
    features: usize,
    feature_strings: usize,
    procs: usize,
    proc_strings: usize,
}

impl<'a> Emitter<'a> {
    fn fatal(&self, rec: RecId, message: impl Into<String>) -> BackendError {
        Fatal::new(&self.input.records.get(rec).locs, message).into()
    }

    /// An `#ifdef` section: LLVM 22's `IfDefEmitter`, or 19's hand-written one.
    fn section(&self, s: &mut String, name: &str, body: impl FnOnce(&mut String) -> Result<()>) -> Result<()> {
        let mut result = Ok(());
        if self.form.helpers {
            ifdef_block(s, name, false, |s| result = body(s));
        } else {
            let _ = write!(s, "\n#ifdef {name}\n#undef {name}\n\n");
            result = body(s);
            let _ = write!(s, "#endif // {name}\n\n");
        }
        result
    }

    /// A namespace: `NamespaceEmitter`, or 19's `namespace X {` ... `} // end namespace X`.
    fn namespace(&self, s: &mut String, name: &str, body: impl FnOnce(&mut String) -> Result<()>) -> Result<()> {
        let mut result = Ok(());
        if self.form.helpers {
            namespace(s, name, |s| result = body(s));
        } else {
            let _ = writeln!(s, "namespace {name} {{");
            result = body(s);
            let _ = writeln!(s, "}} // end namespace {name}");
        }
        result
    }

    /// The `llvm` namespace of a section: LLVM 19 closes it with a blank line.
    fn llvm_namespace(&self, s: &mut String, body: impl FnOnce(&mut String) -> Result<()>) -> Result<()> {
        if self.form.helpers {
            return self.namespace(s, "llvm", body);
        }
        s.push_str("namespace llvm {\n");
        body(s)?;
        s.push_str("} // end namespace llvm\n\n");
        Ok(())
    }

    fn run(&mut self, s: &mut String) -> Result<()> {
        source_file_header(s, "Subtarget Enumeration Source Fragment", None);
        let features = derived_definitions(self.input, "SubtargetFeature")?;
        if features.len() + 1 > self.form.mask_words * 64 {
            return Err(BackendError::fatal(&[], "Too many subtarget features! Bump MAX_SUBTARGET_FEATURES."));
        }
        self.features = features.iter().enumerate().map(|(i, &d)| (d, i)).collect();
        self.section(s, "GET_SUBTARGETINFO_ENUM", |s| {
            let body = |s: &mut String| -> Result<()> {
                if features.is_empty() {
                    return Ok(());
                }
                self.namespace(s, self.target, |s| {
                    s.push_str("enum {\n");
                    for (i, &def) in features.iter().enumerate() {
                        let _ = writeln!(s, "  {} = {i},", self.f.name(def));
                    }
                    let _ = write!(s, "  NumSubtargetFeatures = {}\n}};\n", features.len());
                    Ok(())
                })
            };
            self.llvm_namespace(s, body)
        })?;
        self.macro_calls(s, &features)?;
        let info = self.mc_desc(s)?;
        self.target_desc(s, &features)?;
        self.header(s)?;
        self.ctor(s, &info)?;
        self.mc_analysis(s)
    }

    fn macro_calls(&self, s: &mut String, features: &[RecId]) -> Result<()> {
        let f = self.f;
        let mut sorted = Vec::new();
        for &feature in features {
            sorted.push((f.string(feature, "FieldName")?, feature));
        }
        // `llvm::sort` by `FieldName`, which several features may share.
        std_sort_by(&mut sorted, |a, b| a.0 < b.0);
        let mut body = String::new();
        for (field, feature) in sorted {
            let value = f.string(feature, "Value")?;
            if !((value == "false" || value == "true") && !field.contains('[')) {
                continue;
            }
            let default = if value == "false" { "true" } else { "false" };
            let mut getter = field.get(..1).unwrap_or("").to_ascii_lowercase();
            getter.push_str(field.get(1..).unwrap_or(""));
            let _ = writeln!(body, "GET_SUBTARGETINFO_MACRO({field}, {default}, {getter})");
        }
        if self.form.helpers {
            ifdef_block(s, "GET_SUBTARGETINFO_MACRO", true, |s| s.push_str(&body));
        } else {
            s.push_str("\n#ifdef GET_SUBTARGETINFO_MACRO\n");
            s.push_str(&body);
            s.push_str("#undef GET_SUBTARGETINFO_MACRO\n#endif // GET_SUBTARGETINFO_MACRO\n\n");
        }
        Ok(())
    }

    /// `printFeatureMask`.
    fn feature_mask(&self, s: &mut String, features: &[RecId]) {
        let mut mask = vec![0u64; self.form.mask_words];
        for feature in features {
            let bit = self.features.get(feature).copied().unwrap_or(0);
            mask[bit / 64] |= 1 << (bit % 64);
        }
        s.push_str("{ { { ");
        for word in mask {
            let _ = write!(s, "0x{word:x}ULL, ");
        }
        s.push_str("} } }");
    }

    fn mc_desc(&mut self, s: &mut String) -> Result<DescInfo> {
        let mut info = DescInfo::default();
        let mut result = Ok(());
        let mut body = |s: &mut String| -> Result<()> {
            self.feature_key_values(s, &mut info)?;
            s.push('\n');
            self.sched_model(s)?;
            s.push('\n');
            self.cpu_key_values(s, &mut info)?;
            s.push('\n');
            if self.form.cpu_tables == CpuTables::SubTypesAndNames {
                self.cpu_names(s, &mut info)?;
                s.push('\n');
            }
            self.gen_mc_subtarget_info(s)?;
            self.create_mc_subtarget_info(s, &info);
            Ok(())
        };
        let aarch64_include = |s: &mut String| {
            if self.target == "AArch64" {
                s.push_str("#include \"llvm/TargetParser/AArch64TargetParser.h\"\n\n");
            }
        };
        if self.form.helpers {
            ifdef_block(s, "GET_SUBTARGETINFO_MC_DESC", false, |s| {
                aarch64_include(s);
                namespace(s, "llvm", |s| result = body(s));
            });
        } else {
            s.push_str("\n#ifdef GET_SUBTARGETINFO_MC_DESC\n#undef GET_SUBTARGETINFO_MC_DESC\n\n");
            aarch64_include(s);
            s.push_str("namespace llvm {\n");
            result = body(s);
            s.push_str("} // end namespace llvm\n\n#endif // GET_SUBTARGETINFO_MC_DESC\n\n");
        }
        result.map(|_| info)
    }

    fn feature_key_values(&self, s: &mut String, info: &mut DescInfo) -> Result<()> {
        let f = self.f;
        let mut named = Vec::new();
        for &feature in derived_definitions(self.input, "SubtargetFeature")?.iter() {
            let name = f.string(feature, "Name")?;
            if !name.is_empty() {
                named.push((name, feature));
            }
        }
        if named.is_empty() {
            return Ok(());
        }
        match self.form.duplicate_features {
            DuplicateFeatures::DuplicateKey => {
                named.sort_by(|a, b| a.0.cmp(b.0));
                if let Some(pair) = named.windows(2).find(|w| w[0].0 == w[1].0) {
                    return Err(BackendError::fatal(
                        &[],
                        format!("Duplicate key in SubtargetFeatureKV: {}", pair[0].0),
                    ));
                }
            }
            DuplicateFeatures::AlreadyDefined => {
                named.sort_by(|a, b| a.0.cmp(b.0).then(a.1 .0.cmp(&b.1 .0)));
                if let Some(pair) = named.windows(2).find(|w| w[0].0 == w[1].0) {
                    let mut fatal = Fatal::new(
                        &self.input.records.get(pair[1].1).locs,
                        format!("Feature `{}` is already defined.", pair[0].0),
                    );
                    fatal.note(&self.input.records.get(pair[0].1).locs, "Previous definition here.");
                    return Err(fatal.into());
                }
            }
        }
        let target = self.target;
        s.push_str("// Sorted (by key) array of values for CPU features.\n");
        if self.form.cpu_tables == CpuTables::Storage {
            let mut strings = StringToOffsetTable::starting_empty();
            let mut offsets = Vec::new();
            for &(name, feature) in &named {
                let n = strings.get_or_add(name);
                let d = strings.get_or_add(f.string(feature, "Desc")?);
                offsets.push((n, d));
            }
            let size = strings_size(&strings);
            let _ = write!(
                s,
                "extern const llvm::SubtargetFeatureKVStorage< {}, {}> {target}FeatureKVStorage = {{\n  {{\n",
                named.len(),
                size
            );
            for (i, &(_, feature)) in named.iter().enumerate() {
                let off = format!("sizeof(SubtargetFeatureKV) * {}", named.len() - i);
                let _ = write!(
                    s,
                    "    {{ {off} + {}, {off} + {}, {target}::{}, ",
                    offsets[i].0,
                    offsets[i].1,
                    f.name(feature)
                );
                self.feature_mask(s, &f.defs(feature, "Implies")?);
                s.push_str("   },\n");
            }
            s.push_str("  },\n");
            strings.emit_string_separating_octal(s);
            s.push_str("};\n");
            info.feature_strings = size;
        } else {
            let _ = writeln!(s, "extern const llvm::SubtargetFeatureKV {target}FeatureKV[] = {{");
            for &(name, feature) in &named {
                let _ =
                    write!(s, "  {{ \"{name}\", \"{}\", {target}::{}, ", f.string(feature, "Desc")?, f.name(feature));
                self.feature_mask(s, &f.defs(feature, "Implies")?);
                s.push_str(" },\n");
            }
            s.push_str("};\n");
        }
        info.features = named.len();
        Ok(())
    }

    /// The processors' and aliases' names, sorted.
    fn cpu_name_list(&self) -> Result<Vec<&'static str>> {
        let f = self.f;
        let mut names = Vec::new();
        for &p in derived_definitions(self.input, "Processor")?.iter() {
            names.push(f.string(p, "Name")?);
        }
        for p in all_derived_definitions_if_defined(self.input, "ProcessorAlias") {
            names.push(f.string(p, "Name")?);
        }
        names.sort_unstable();
        Ok(names)
    }

    fn cpu_names(&self, s: &mut String, info: &mut DescInfo) -> Result<()> {
        let target = self.target;
        s.push_str("// Sorted array of names of CPU subtypes, including aliases.\n");
        let _ = writeln!(s, "extern const llvm::StringRef {target}Names[] = {{");
        let names = self.cpu_name_list()?;
        let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        s.push_str(&quoted.join(",\n"));
        s.push_str("};\n");
        info.names = names.len();
        Ok(())
    }

    fn cpu_key_values(&self, s: &mut String, info: &mut DescInfo) -> Result<()> {
        let f = self.f;
        let target = self.target;
        let mut processors = Vec::new();
        for &p in derived_definitions(self.input, "Processor")?.iter() {
            processors.push((f.string(p, "Name")?, p));
        }
        processors.sort_by(|a, b| a.0.cmp(b.0));
        s.push_str("// Sorted (by key) array of values for CPU subtype.\n");
        let storage = self.form.cpu_tables == CpuTables::Storage;
        let mut strings = StringToOffsetTable::starting_empty();
        if storage {
            for name in self.cpu_name_list()? {
                strings.get_or_add(name);
            }
            let _ = write!(
                s,
                "extern const llvm::SubtargetSubTypeKVStorage< {}, {}> {target}SubTypeKVStorage = {{\n  {{\n",
                processors.len(),
                strings_size(&strings)
            );
        } else {
            let _ = writeln!(s, "extern const llvm::SubtargetSubTypeKV {target}SubTypeKV[] = {{");
        }
        for (i, &(name, processor)) in processors.iter().enumerate() {
            let features = f.defs(processor, "Features")?;
            let tune = f.defs(processor, "TuneFeatures")?;
            if self.form.duplicate_cpu_feature_warnings {
                self.check_duplicate_cpu_features(name, &features, &tune)?;
            }
            if storage {
                let off = strings.get_or_add(name);
                let _ = write!(s, "   {{ sizeof(SubtargetSubTypeKV) * {} + {off}, ", processors.len() - i);
            } else {
                let _ = write!(s, " {{ \"{name}\", ");
            }
            self.feature_mask(s, &features);
            s.push_str(", ");
            self.feature_mask(s, &tune);
            if storage {
                let _ = writeln!(s, ", {} }},", self.m.model_index_for_proc(self.input, processor)?);
            } else {
                let key = SchedModels::model_or_itin_def(self.input, processor)?;
                let model = self.m.proc_model(self.input, key).map(|m| m.model_name.as_str()).unwrap_or("NoSchedModel");
                let _ = writeln!(s, ", &{model} }},");
            }
        }
        if storage {
            s.push_str("  },\n");
            strings.emit_string_separating_octal(s);
            info.proc_strings = strings_size(&strings);
        }
        s.push_str("};\n");
        info.procs = processors.len();
        Ok(())
    }

    /// `checkDuplicateCPUFeatures`: warnings for a feature listed twice, or as both a feature
    /// and a tune feature.
    fn check_duplicate_cpu_features(&self, cpu: &str, features: &[RecId], tune: &[RecId]) -> Result<()> {
        let f = self.f;
        let mut warnings = self.warnings.borrow_mut();
        let mut seen = HashSet::new();
        for &feature in features {
            if !seen.insert(feature) {
                warnings.push(format!("Processor {cpu} contains duplicate feature '{}'", f.string(feature, "Name")?));
            }
        }
        let mut seen_tune = HashSet::new();
        for &feature in tune {
            if !seen_tune.insert(feature) {
                warnings
                    .push(format!("Processor {cpu} contains duplicate tune feature '{}'", f.string(feature, "Name")?));
            }
            if seen.contains(&feature) {
                warnings.push(format!(
                    "Processor {cpu} has '{}' in both feature and tune feature sets",
                    f.string(feature, "Name")?
                ));
            }
        }
        Ok(())
    }

    // ----- Itineraries -----

    fn stage_string(&self, name: &str, data: RecId) -> Result<(String, usize)> {
        let f = self.f;
        let stages = f.defs(data, "Stages")?;
        let mut out = String::new();
        for (i, &stage) in stages.iter().enumerate() {
            let _ = write!(out, "  {{ {}, ", f.int(stage, "Cycles")? as i32);
            let units: Vec<String> =
                f.defs(stage, "Units")?.iter().map(|&u| format!("{name}FU::{}", f.name(u))).collect();
            out.push_str(&units.join(" | "));
            let _ = write!(out, ", {}", f.int(stage, "TimeInc")? as i32);
            let _ = write!(out, ", (llvm::InstrStage::ReservationKinds){}", f.int(stage, "Kind")? as i32);
            out.push_str(" }");
            if i + 1 < stages.len() {
                out.push_str(", ");
            }
        }
        Ok((out, stages.len()))
    }

    fn stage_and_operand_cycle_data(&self, s: &mut String) -> Result<Vec<Vec<[i64; 5]>>> {
        let f = self.f;
        let target = self.target;
        let mut seen = HashSet::new();
        for pm in &self.m.proc_models {
            if !seen.insert(pm.itins_def) {
                continue;
            }
            let units = f.defs(pm.itins_def, "FU")?;
            if units.is_empty() {
                continue;
            }
            let name = f.name(pm.itins_def);
            let _ = write!(s, "\n// Functional units for \"{name}\"\n");
            self.namespace(s, &format!("{name}FU"), |s| {
                for (i, &u) in units.iter().enumerate() {
                    let _ = writeln!(s, "  const InstrStage::FuncUnits {} = 1ULL << {i};", f.name(u));
                }
                Ok(())
            })?;
            let bypasses = f.defs(pm.itins_def, "BP")?;
            if bypasses.is_empty() {
                continue;
            }
            let _ = write!(s, "\n// Pipeline forwarding paths for itineraries \"{name}\"\n");
            self.namespace(s, &format!("{name}Bypass"), |s| {
                s.push_str("  const unsigned NoBypass = 0;\n");
                for (i, &b) in bypasses.iter().enumerate() {
                    let _ = writeln!(s, "  const unsigned {} = 1 << {i};", f.name(b));
                }
                Ok(())
            })?;
        }
        let mut stage_table = format!("\nextern const llvm::InstrStage {target}Stages[] = {{\n");
        stage_table.push_str("  { 0, 0, 0, llvm::InstrStage::Required }, // No itinerary\n");
        let mut operand_table = format!("extern const unsigned {target}OperandCycles[] = {{\n");
        operand_table.push_str("  0, // No itinerary\n");
        let mut bypass_table = format!("extern const unsigned {target}ForwardingPaths[] = {{\n");
        bypass_table.push_str(" 0, // No itinerary\n");
        let (mut stage_count, mut operand_count) = (1usize, 1usize);
        let mut stage_map: HashMap<String, usize> = HashMap::new();
        let mut operand_map: HashMap<String, usize> = HashMap::new();
        let mut lists = Vec::new();
        for pm in &self.m.proc_models {
            let mut list = Vec::new();
            if !pm.has_itineraries() {
                lists.push(list);
                continue;
            }
            let name = f.name(pm.itins_def);
            for class in 0..self.m.num_instr_sched_classes as usize {
                let data = pm.itin_def_list[class];
                let (mut stages, mut n_stages) = (String::new(), 0);
                let (mut operands, mut n_operands, mut bypass) = (String::new(), 0, String::new());
                if let Some(data) = data {
                    (stages, n_stages) = self.stage_string(name, data)?;
                    let cycles = f.ints(data, "OperandCycles")?;
                    n_operands = cycles.len();
                    operands = cycles.iter().map(|c| format!("  {}", *c as i32)).collect::<Vec<_>>().join(", ");
                    let bypasses = f.defs(data, "Bypasses")?;
                    let mut parts: Vec<String> =
                        bypasses.iter().map(|&b| format!("{name}Bypass::{}", f.name(b))).collect();
                    for _ in bypasses.len()..n_operands {
                        parts.push(" 0".into());
                    }
                    bypass = parts.join(", ");
                }
                let mut find_stage = 0;
                if n_stages > 0 {
                    find_stage = stage_map.get(&stages).copied().unwrap_or(0);
                    if find_stage == 0 {
                        let _ = write!(stage_table, "{stages}, // {stage_count}");
                        if n_stages > 1 {
                            let _ = write!(stage_table, "-{}", stage_count + n_stages - 1);
                        }
                        stage_table.push('\n');
                        stage_map.insert(stages, stage_count);
                        find_stage = stage_count;
                        stage_count += n_stages;
                    }
                }
                let mut find_operand = 0;
                if n_operands > 0 {
                    // LLVM looks up the cycles with the bypasses but files them without.
                    let key = format!("{operands}{bypass}");
                    find_operand = operand_map.get(&key).copied().unwrap_or(0);
                    if find_operand == 0 {
                        let mut comment = operand_count.to_string();
                        if n_operands > 1 {
                            let _ = write!(comment, "-{}", operand_count + n_operands - 1);
                        }
                        let _ = writeln!(operand_table, "{operands}, // {comment}");
                        operand_map.insert(operands, operand_count);
                        find_operand = operand_count;
                        let _ = writeln!(bypass_table, "{bypass}, // {comment}");
                        operand_count += n_operands;
                    }
                }
                let micro_ops = match data {
                    Some(d) => f.int(d, "NumMicroOps")? as i16 as i64,
                    None => 0,
                };
                let first_stage = find_stage as u16;
                let first_operand = find_operand as u16;
                list.push([
                    micro_ops,
                    first_stage as i64,
                    first_stage.wrapping_add(n_stages as u16) as i64,
                    first_operand as i64,
                    first_operand.wrapping_add(n_operands as u16) as i64,
                ]);
            }
            lists.push(list);
        }
        stage_table.push_str("  { 0, 0, 0, llvm::InstrStage::Required } // End stages\n};\n");
        operand_table.push_str("  0 // End operand cycles\n};\n");
        bypass_table.push_str(" 0 // End bypass tables\n};\n");
        s.push_str(&stage_table);
        s.push_str(&operand_table);
        s.push_str(&bypass_table);
        Ok(lists)
    }

    fn itineraries(&self, s: &mut String, lists: &[Vec<[i64; 5]>]) {
        let mut seen = HashSet::new();
        for (pm, list) in self.m.proc_models.iter().zip(lists) {
            if !seen.insert(pm.itins_def) || list.is_empty() {
                continue;
            }
            let kind = if self.form.constexpr_itineraries { "static constexpr" } else { "static const" };
            let _ = write!(s, "\n{kind} llvm::InstrItinerary {}[] = {{\n", self.f.name(pm.itins_def));
            for (i, it) in list.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "  {{ {}, {}, {}, {}, {} }}, // {i} {}",
                    it[0], it[1], it[2], it[3], it[4], self.m.sched_classes[i].name
                );
            }
            s.push_str("  { 0, uint16_t(~0U), uint16_t(~0U), uint16_t(~0U), uint16_t(~0U) }// end marker\n};\n");
        }
    }

    // ----- The per-operand machine model -----

    fn sched_model(&self, s: &mut String) -> Result<()> {
        s.push_str("#ifdef DBGFIELD\n#error \"<target>GenSubtargetInfo.inc requires a DBGFIELD macro\"\n#endif\n");
        s.push_str("#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)\n#define DBGFIELD(x) x,\n");
        if self.form.class_name_table {
            s.push_str("#define DBGVAL_OR_NULLPTR(x) x\n");
        }
        s.push_str("#else\n#define DBGFIELD(x)\n");
        if self.form.class_name_table {
            s.push_str("#define DBGVAL_OR_NULLPTR(x) nullptr\n");
        }
        s.push_str("#endif\n");
        if self.m.has_itineraries() {
            let lists = self.stage_and_operand_cycle_data(s)?;
            self.itineraries(s, &lists);
        }
        s.push_str("\n// ===============================================================\n");
        s.push_str("// Data tables for the new per-operand machine model.\n");
        let tables = SchedClassTables::get(self.input)?;
        self.emit_sched_class_tables(s, &tables);
        if self.form.class_name_table {
            self.processor_models(s)?;
            s.push_str("\n#undef DBGFIELD\n\n#undef DBGVAL_OR_NULLPTR\n");
        } else {
            s.push_str("\n#undef DBGFIELD\n");
            self.processor_models(s)?;
        }
        Ok(())
    }

    fn emit_sched_class_tables(&self, s: &mut String, tables: &SchedClassTables) {
        let target = self.target;
        s.push_str("\n// {ProcResourceIdx, ReleaseAtCycle, AcquireAtCycle}\n");
        let _ = writeln!(s, "extern const llvm::MCWriteProcResEntry {target}WriteProcResTable[] = {{");
        s.push_str("  { 0,  0,  0 }, // Invalid\n");
        let n = tables.write_proc_res.len();
        for (i, e) in tables.write_proc_res.iter().enumerate().skip(1) {
            let _ = write!(s, "  {{{:2}, {:2},  {:2}}}", e.resource, e.release, e.acquire);
            if i + 1 < n {
                s.push(',');
            }
            let _ = writeln!(s, " // #{i}");
        }
        let _ = writeln!(s, "}}; // {target}WriteProcResTable");

        s.push_str("\n// {Cycles, WriteResourceID}\n");
        let _ = writeln!(s, "extern const llvm::MCWriteLatencyEntry {target}WriteLatencyTable[] = {{");
        s.push_str("  { 0,  0}, // Invalid\n");
        let n = tables.write_latencies.len();
        for (i, e) in tables.write_latencies.iter().enumerate().skip(1) {
            let _ = write!(s, "  {{{:2}, {:2}}}", e.cycles, e.write);
            if i + 1 < n {
                s.push(',');
            }
            let _ = writeln!(s, " // #{i} {}", tables.writer_names[i]);
        }
        let _ = writeln!(s, "}}; // {target}WriteLatencyTable");

        s.push_str("\n// {UseIdx, WriteResourceID, Cycles}\n");
        let _ = writeln!(s, "extern const llvm::MCReadAdvanceEntry {target}ReadAdvanceTable[] = {{");
        s.push_str("  {0,  0,  0}, // Invalid\n");
        let n = tables.read_advances.len();
        for (i, e) in tables.read_advances.iter().enumerate().skip(1) {
            let _ = write!(s, "  {{{}, {:2}, {:2}}}", e.use_index, e.write, e.cycles);
            if i + 1 < n {
                s.push(',');
            }
            let _ = writeln!(s, " // #{i}");
        }
        let _ = writeln!(s, "}}; // {target}ReadAdvanceTable");

        let mut names = StringToOffsetTable::starting_empty();
        let invalid = names.get_or_add("InvalidSchedClass");
        for (i, pm) in self.m.proc_models.iter().enumerate() {
            if !pm.has_instr_sched_model() {
                continue;
            }
            let descs = &tables.classes[1 + i];
            s.push_str(
                "\n// {Name, NumMicroOps, BeginGroup, EndGroup, RetireOOO, WriteProcResIdx,#, WriteLatencyIdx,#, ReadAdvanceIdx,#}\n",
            );
            let _ = writeln!(s, "static const llvm::MCSchedClassDesc {}SchedClasses[] = {{", pm.model_name);
            if self.form.class_name_table {
                let _ = writeln!(
                    s,
                    "  {{DBGFIELD({invalid})  {INVALID_MICRO_OPS}, false, false, false, 0, 0,  0, 0,  0, 0}},"
                );
            } else {
                let _ = writeln!(
                    s,
                    "  {{DBGFIELD(\"InvalidSchedClass\")  {INVALID_MICRO_OPS}, false, false, false, 0, 0,  0, 0,  0, 0}},"
                );
            }
            for (k, d) in descs.iter().enumerate().skip(1) {
                let name = &self.m.sched_classes[k].name;
                if self.form.class_name_table {
                    let off = names.get_or_add(name);
                    let _ = write!(s, "  {{DBGFIELD(/*{name}*/ {off}) ");
                } else {
                    let _ = write!(s, "  {{DBGFIELD(\"{name}\") ");
                }
                if name.len() < 18 {
                    s.push_str(&" ".repeat(18 - name.len()));
                }
                let _ = writeln!(
                    s,
                    "{}, {}, {}, {}, {:2}, {}, {:2}, {}, {:2}, {}}}, // #{k}",
                    d.micro_ops,
                    d.begin_group,
                    d.end_group,
                    d.retire_ooo,
                    d.write_proc_res.0,
                    d.write_proc_res.1,
                    d.write_latency.0,
                    d.write_latency.1,
                    d.read_advance.0,
                    d.read_advance.1
                );
            }
            let _ = writeln!(s, "}}; // {}SchedClasses", pm.model_name);
        }
        if self.form.class_name_table {
            names.emit_string_table_def(&format!("{target}SchedClassNames"), s);
        }
    }

    fn processor_prop(&self, s: &mut String, model: RecId, name: &str) -> Result<()> {
        let v = self.f.int(model, name)? as i32;
        if v >= 0 {
            let _ = writeln!(s, "  {v}, // {name}");
        } else {
            let _ = writeln!(s, "  MCSchedModel::Default{name},");
        }
        Ok(())
    }

    fn processor_resources(&self, s: &mut String, pm: &ProcModel) -> Result<()> {
        let f = self.f;
        let input = self.input;
        let _ = write!(s, "\nstatic const unsigned {}ProcResourceSubUnits[] = {{\n  0,  // Invalid\n", pm.model_name);
        for &pr in &pm.proc_resource_defs {
            if !f.is_a(pr, "ProcResGroup") {
                continue;
            }
            for unit in f.defs(pr, "Resources")? {
                let ru = self.m.find_proc_res_units(input, unit, &input.records.get(pr).locs)?;
                let index = pm.proc_resource_index(input, ru)?;
                for _ in 0..f.int(ru, "NumUnits")? {
                    let _ = write!(s, "  {index}, ");
                }
            }
            let _ = writeln!(s, "  // {}", f.name(pr));
        }
        s.push_str("};\n");
        s.push_str("\n// {Name, NumUnits, SuperIdx, BufferSize, SubUnitsIdxBegin}\n");
        let _ = writeln!(s, "static const llvm::MCProcResourceDesc {}ProcResources[] = {{", pm.model_name);
        s.push_str("  {\"InvalidUnit\", 0, 0, 0, 0},\n");
        let mut sub_units = 1i64;
        for (i, &pr) in pm.proc_resource_defs.iter().enumerate() {
            let mut super_def = None;
            let mut super_index = 0;
            let mut num_units = 0i64;
            let begin = sub_units;
            let buffer = f.int(pr, "BufferSize")? as i32;
            if f.is_a(pr, "ProcResGroup") {
                for ru in f.defs(pr, "Resources")? {
                    num_units += f.int(ru, "NumUnits")?;
                    sub_units += f.int(ru, "NumUnits")?;
                }
            } else {
                if f.init(pr, "Super")?.is_complete() {
                    let sd = self.m.find_proc_res_units(input, f.def(pr, "Super")?, &input.records.get(pr).locs)?;
                    super_index = pm.proc_resource_index(input, sd)?;
                    super_def = Some(sd);
                }
                num_units = f.int(pr, "NumUnits")?;
            }
            let name = f.name(pr);
            let _ = write!(s, "  {{\"{name}\", ");
            if name.len() < 15 {
                s.push_str(&" ".repeat(15 - name.len()));
            }
            let _ = write!(s, "{}, {super_index}, {buffer}, ", num_units as u32);
            if begin != sub_units {
                let _ = write!(s, "{}ProcResourceSubUnits + {begin}", pm.model_name);
            } else {
                s.push_str("nullptr");
            }
            let _ = write!(s, "}}, // #{}", i + 1);
            if let Some(sd) = super_def {
                let _ = write!(s, ", Super={}", f.name(sd));
            }
            s.push('\n');
        }
        s.push_str("};\n");
        Ok(())
    }

    fn extra_processor_info(&self, s: &mut String, pm: &ProcModel) -> Result<()> {
        let f = self.f;
        let name = &pm.model_name;
        let mut cost_entries = 0;
        if !pm.register_files.iter().all(|rf| rf.costs.is_empty()) {
            s.push_str("\n// {RegisterClassID, Register Cost, AllowMoveElimination }\n");
            let _ = writeln!(s, "static const llvm::MCRegisterCostEntry {name}RegisterCosts[] = {{");
            for rf in &pm.register_files {
                for cost in &rf.costs {
                    s.push_str("  { ");
                    if f.value(cost.class, "Namespace").is_some() {
                        let _ = write!(s, "{}::", f.string(cost.class, "Namespace")?);
                    }
                    let _ = writeln!(
                        s,
                        "{}RegClassID, {}, {}}},",
                        f.name(cost.class),
                        cost.cost as i32 as u32,
                        u8::from(cost.allow_move_elimination)
                    );
                }
            }
            s.push_str("};\n");
            s.push_str("\n // {Name, #PhysRegs, #CostEntries, IndexToCostTbl, MaxMovesEliminatedPerCycle, AllowZeroMoveEliminationOnly }\n");
            let _ = writeln!(s, "static const llvm::MCRegisterFileDesc {name}RegisterFiles[] = {{");
            s.push_str("  { \"InvalidRegisterFile\", 0, 0, 0, 0, 0 },\n");
            for rf in &pm.register_files {
                let _ = writeln!(
                    s,
                    "  {{ \"{}\", {}, {}, {cost_entries}, {}, {}}},",
                    rf.name,
                    rf.num_phys_regs as u32,
                    rf.costs.len(),
                    rf.max_moves_eliminated_per_cycle as u32,
                    u8::from(rf.allow_zero_move_elimination_only)
                );
                cost_entries += rf.costs.len();
            }
            s.push_str("};\n");
        }
        let _ = write!(s, "\nstatic const llvm::MCExtraProcessorInfo {name}ExtraInfo = {{\n  ");
        let (mut rob, mut retire) = (0i64, 0i64);
        if let Some(rcu) = pm.retire_control_unit {
            rob = rob.max(f.int(rcu, "ReorderBufferSize")?);
            retire = retire.max(f.int(rcu, "MaxRetirePerCycle")?);
        }
        let _ = write!(s, "{rob}, // ReorderBufferSize\n  {retire}, // MaxRetirePerCycle\n  ");
        if pm.register_files.is_empty() {
            s.push_str("nullptr,\n  0");
        } else {
            let _ = write!(s, "{name}RegisterFiles,\n  {}", 1 + pm.register_files.len());
        }
        s.push_str(", // Number of register files.\n  ");
        if cost_entries > 0 {
            let _ = write!(s, "{name}RegisterCosts,\n  ");
        } else {
            s.push_str("nullptr,\n  ");
        }
        let _ = writeln!(s, "{cost_entries}, // Number of register cost entries.");
        for (queue, what) in [(pm.load_queue, "Load"), (pm.store_queue, "Store")] {
            let mut id = 0;
            if let Some(q) = queue {
                let descriptor = f.def(q, "QueueDescriptor")?;
                id = 1 + pm
                    .proc_resource_defs
                    .iter()
                    .position(|&d| d == descriptor)
                    .unwrap_or(pm.proc_resource_defs.len());
            }
            let _ = writeln!(s, "  {id}, // Resource Descriptor for the {what} Queue");
        }
        s.push_str("};\n");
        Ok(())
    }

    fn processor_resources_or_fail(&self, s: &mut String, pm: &ProcModel) -> Result<()> {
        if pm.has_extra_processor_info() {
            self.extra_processor_info(s, pm)?;
        }
        if pm.has_instr_sched_model() {
            self.processor_resources(s, pm)?;
        } else if !pm.proc_resource_defs.is_empty() {
            return Err(self.fatal(
                pm.model_def,
                "SchedMachineModel defines ProcResources without defining WriteRes SchedWriteRes",
            ));
        }
        Ok(())
    }

    fn sched_model_body(&self, s: &mut String, pm: &ProcModel) -> Result<()> {
        let f = self.f;
        for prop in [
            "IssueWidth",
            "MicroOpBufferSize",
            "LoopMicroOpBufferSize",
            "LoadLatency",
            "HighLatency",
            "MispredictPenalty",
        ] {
            self.processor_prop(s, pm.model_def, prop)?;
        }
        let _ = writeln!(s, "  {}, // PostRAScheduler", f.bit(pm.model_def, "PostRAScheduler")?);
        let _ = writeln!(s, "  {}, // CompleteModel", f.bit(pm.model_def, "CompleteModel")?);
        let _ = writeln!(s, "  {}, // EnableIntervals", f.bit(pm.model_def, "EnableIntervals")?);
        let _ = writeln!(s, "  {}, // Processor ID", pm.index);
        if pm.has_instr_sched_model() {
            let _ = write!(
                s,
                "  {0}ProcResources,\n  {0}SchedClasses,\n  {1},\n  {2},\n",
                pm.model_name,
                pm.proc_resource_defs.len() + 1,
                self.m.sched_classes.len()
            );
        } else {
            s.push_str("  nullptr, nullptr, 0, 0, // No instruction-level machine model.\n");
        }
        if self.form.class_name_table {
            let _ = writeln!(s, "  DBGVAL_OR_NULLPTR(&{}SchedClassNames), // SchedClassNames", self.target);
        }
        if pm.has_itineraries() {
            let _ = writeln!(s, "  {},", f.name(pm.itins_def));
        } else {
            s.push_str("  nullptr, // No Itinerary\n");
        }
        if pm.has_extra_processor_info() {
            let _ = writeln!(s, "  &{}ExtraInfo,", pm.model_name);
        } else {
            s.push_str("  nullptr // No extra processor descriptor\n");
        }
        Ok(())
    }

    fn processor_models(&self, s: &mut String) -> Result<()> {
        if self.form.cpu_tables == CpuTables::Storage {
            for pm in &self.m.proc_models {
                self.processor_resources_or_fail(s, pm)?;
            }
            let _ = write!(s, "\nextern const llvm::MCSchedModel {}SchedModels[] = {{\n", self.target);
            for pm in &self.m.proc_models {
                let _ = writeln!(s, "{{ // {}", pm.model_name);
                self.sched_model_body(s, pm)?;
                s.push_str("  },\n");
            }
            s.push_str("};\n");
            return Ok(());
        }
        for pm in &self.m.proc_models {
            self.processor_resources_or_fail(s, pm)?;
            let _ = write!(s, "\nstatic const llvm::MCSchedModel {} = {{\n", pm.model_name);
            self.sched_model_body(s, pm)?;
            s.push_str("};\n");
        }
        Ok(())
    }

    // ----- Variant resolution -----

    fn is_true_predicate(&self, rec: RecId) -> Result<bool> {
        Ok(self.f.is_a(rec, "MCSchedPredicate") && self.f.is_a(self.f.def(rec, "Pred")?, "MCTrue"))
    }

    fn has_mc_sched_predicate(&self, rec: RecId) -> Result<bool> {
        let f = self.f;
        if f.is_a(rec, "MCSchedPredicate") || f.is_a(rec, "FeatureSchedPredicate") {
            return Ok(true);
        }
        if f.is_a(rec, "SchedPredicateCombiner") {
            for sub in f.defs(rec, "Predicates")? {
                if !self.has_mc_sched_predicate(sub)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        Ok(false)
    }

    fn has_mc_sched_predicates(&self, t: &Transition) -> Result<bool> {
        for &p in &t.pred_term {
            if !self.has_mc_sched_predicate(p)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `expandSchedPredicates`.
    fn expand_sched_predicate(&self, s: &mut String, rec: RecId, pe: &mut PredicateExpander, wrap: bool) -> Result<()> {
        let f = self.f;
        if f.is_a(rec, "MCSchedPredicate") {
            pe.expand(s, f.def(rec, "Pred")?)?;
        } else if f.is_a(rec, "FeatureSchedPredicate") {
            let feature = f.def(rec, "Feature")?;
            s.push_str(if pe.expand_for_mc { "STI." } else { "this->" });
            let _ = write!(s, "hasFeature({}::{})", self.target, f.name(feature));
        } else if f.is_a(rec, "SchedPredicateCombiner") {
            let subs = f.defs(rec, "Predicates")?;
            if subs.is_empty() {
                return Err(self.fatal(rec, "Empty SchedPredicateCombiner is not allowed"));
            }
            let mut wrap = wrap;
            let sep = if f.is_a(rec, "AllOfSchedPreds") {
                " && "
            } else if f.is_a(rec, "AnyOfSchedPreds") {
                " || "
            } else if f.is_a(rec, "NotSchedPred") {
                if subs.len() != 1 {
                    return Err(self.fatal(rec, "NotSchedPred can only have a single sub-predicate."));
                }
                s.push('!');
                wrap = false;
                ""
            } else {
                return Err(self.fatal(rec, "Unrecognized SchedPredicateCombiner"));
            };
            if wrap {
                s.push('(');
            }
            let wrap_subs = subs.len() > 1 || f.is_a(rec, "NotSchedPred");
            for (i, &sub) in subs.iter().enumerate() {
                if i > 0 {
                    s.push_str(sep);
                }
                self.expand_sched_predicate(s, sub, pe, wrap_subs)?;
            }
            if wrap {
                s.push(')');
            }
        } else {
            let code = f.string(rec, "Predicate")?;
            if wrap {
                let _ = write!(s, "({code})");
            } else {
                s.push_str(code);
            }
        }
        Ok(())
    }

    /// `emitPredicates`: one transition as `if (...) return N;`.
    fn emit_predicates(&self, s: &mut String, t: &Transition, pe: &mut PredicateExpander) -> Result<()> {
        let mut non_true = 0;
        for &p in &t.pred_term {
            if !self.is_true_predicate(p)? {
                non_true += 1;
            }
        }
        s.push_str(&" ".repeat(pe.indent * 2));
        if non_true > 0 {
            s.push_str("if (");
            pe.indent += 2;
            let mut first = true;
            for &p in &t.pred_term {
                if self.is_true_predicate(p)? {
                    continue;
                }
                if !first {
                    s.push('\n');
                    s.push_str(&" ".repeat(pe.indent * 2));
                    s.push_str("&& ");
                }
                first = false;
                self.expand_sched_predicate(s, p, pe, non_true > 1)?;
            }
            s.push_str(")\n");
            pe.indent -= 1;
            s.push_str(&" ".repeat(pe.indent * 2));
            pe.indent -= 1;
        }
        let _ = writeln!(s, "return {}; // {}", t.to_class, self.m.sched_classes[t.to_class as usize].name);
        Ok(())
    }

    fn sched_model_helpers_impl(&self, s: &mut String, only_mc: bool) -> Result<()> {
        let mut variant_classes = Vec::new();
        for class in &self.m.sched_classes {
            if class.transitions.is_empty() {
                continue;
            }
            if only_mc {
                let mut any = false;
                for t in &class.transitions {
                    if self.has_mc_sched_predicates(t)? {
                        any = true;
                        break;
                    }
                }
                if !any {
                    continue;
                }
            }
            variant_classes.push(class.index);
        }
        let epilogue = |s: &mut String| {
            if only_mc {
                s.push_str("  // Don't know how to resolve this scheduling class.\n  return 0;\n");
            } else {
                s.push_str("  report_fatal_error(\"Expected a variant SchedClass\");\n");
            }
        };
        if variant_classes.is_empty() {
            epilogue(s);
            return Ok(());
        }
        s.push_str("  switch (SchedClass) {\n");
        for vc in variant_classes {
            let class = &self.m.sched_classes[vc as usize];
            let mut procs: Vec<u32> = class.transitions.iter().map(|t| t.proc_index).collect();
            procs.sort_unstable();
            procs.dedup();
            let _ = writeln!(s, "  case {vc}: // {}", class.name);
            let mut pe = PredicateExpander::new(self.input, self.target);
            pe.by_ref = false;
            pe.expand_for_mc = only_mc;
            for &pi in &procs {
                s.push_str("    ");
                if pi != 0 {
                    s.push_str(if only_mc { "if (CPUID == " } else { "if (SchedModel->getProcessorID() == " });
                    let _ = writeln!(s, "{pi}) {{ // {}", self.m.proc_models[pi as usize].model_name);
                }
                let mut last = None;
                for t in &class.transitions {
                    if pi != 0 && t.proc_index != pi {
                        continue;
                    }
                    if only_mc && !self.has_mc_sched_predicates(t)? {
                        continue;
                    }
                    let mut always = true;
                    for &p in &t.pred_term {
                        if !self.is_true_predicate(p)? {
                            always = false;
                            break;
                        }
                    }
                    if always {
                        last = Some(t);
                        continue;
                    }
                    pe.indent = 3;
                    self.emit_predicates(s, t, &mut pe)?;
                }
                if let Some(t) = last {
                    self.emit_predicates(s, t, &mut pe)?;
                }
                s.push_str("    }\n");
                if pi == 0 {
                    break;
                }
            }
            if class.is_inferred() {
                let _ = writeln!(s, "    return {};", class.index);
            }
            s.push_str("    break;\n");
        }
        s.push_str("  };\n");
        epilogue(s);
        Ok(())
    }

    fn override_word(&self) -> &'static str {
        if self.form.final_members {
            "final"
        } else {
            "override"
        }
    }

    fn gen_mc_subtarget_info(&self, s: &mut String) -> Result<()> {
        let target = self.target;
        let sti = if self.form.resolve_takes_sti { "const MCSubtargetInfo &STI, " } else { "" };
        self.namespace(s, &format!("{target}_MC"), |s| {
            let _ = writeln!(s, "unsigned resolveVariantSchedClassImpl(unsigned SchedClass,");
            let _ = writeln!(s, "    const MCInst *MI, const MCInstrInfo *MCII, {sti}unsigned CPUID) {{");
            self.sched_model_helpers_impl(s, true)?;
            s.push_str("}\n");
            Ok(())
        })?;
        if !self.form.helpers {
            s.push('\n');
        }
        let storage = self.form.cpu_tables == CpuTables::Storage;
        let _ = writeln!(s, "struct {target}GenMCSubtargetInfo : public MCSubtargetInfo {{");
        let _ = writeln!(s, "  {target}GenMCSubtargetInfo(const Triple &TT,");
        s.push_str("    StringRef CPU, StringRef TuneCPU, StringRef FS,\n");
        match self.form.cpu_tables {
            CpuTables::SubTypes => {}
            CpuTables::SubTypesAndNames => s.push_str("    ArrayRef<StringRef> PN,\n"),
            CpuTables::Storage => s.push_str("    StringTable PN,\n"),
        }
        s.push_str("    ArrayRef<SubtargetFeatureKV> PF,\n    ArrayRef<SubtargetSubTypeKV> PD,\n");
        if storage {
            s.push_str("    const MCSchedModel *PSM,\n");
        }
        s.push_str("    const MCWriteProcResEntry *WPR,\n    const MCWriteLatencyEntry *WL,\n");
        s.push_str(
            "    const MCReadAdvanceEntry *RA, const InstrStage *IS,\n    const unsigned *OC, const unsigned *FP) :\n",
        );
        let args = match self.form.cpu_tables {
            CpuTables::SubTypes => "PF, PD",
            CpuTables::SubTypesAndNames => "PN, PF, PD",
            CpuTables::Storage => "PN, PF, PD, PSM",
        };
        let _ = writeln!(s, "      MCSubtargetInfo(TT, CPU, TuneCPU, FS, {args},");
        s.push_str("                      WPR, WL, RA, IS, OC, FP) { }\n\n");
        s.push_str("  unsigned resolveVariantSchedClass(unsigned SchedClass,\n      const MCInst *MI, const MCInstrInfo *MCII,\n");
        let _ = writeln!(s, "      unsigned CPUID) const {} {{", self.override_word());
        let this = if self.form.resolve_takes_sti { "*this, " } else { "" };
        let _ = writeln!(s, "    return {target}_MC::resolveVariantSchedClassImpl(SchedClass, MI, MCII, {this}CPUID);");
        s.push_str("  }\n");
        if self.t.hw_modes.num_modes() > 1 {
            let _ = writeln!(s, "  unsigned getHwModeSet() const {};", self.override_word());
            let _ = writeln!(
                s,
                "  unsigned getHwMode(enum HwModeType type = HwMode_Default) const {};",
                self.override_word()
            );
        }
        if target == "AArch64" {
            let _ = writeln!(s, "  bool isCPUStringValid(StringRef CPU) const {} {{", self.override_word());
            s.push_str(
                "    CPU = AArch64::resolveCPUAlias(CPU);\n    return MCSubtargetInfo::isCPUStringValid(CPU);\n  }\n",
            );
        }
        s.push_str("};\n");
        self.hw_mode_check(s, &format!("{target}GenMCSubtargetInfo"), true)
    }

    fn create_mc_subtarget_info(&self, s: &mut String, info: &DescInfo) {
        let target = self.target;
        let _ = writeln!(
            s,
            "\nstatic inline MCSubtargetInfo *create{target}MCSubtargetInfoImpl(const Triple &TT, StringRef CPU, StringRef TuneCPU, StringRef FS) {{"
        );
        if target == "AArch64" {
            s.push_str("  CPU = AArch64::resolveCPUAlias(CPU);\n  TuneCPU = AArch64::resolveCPUAlias(TuneCPU);\n");
        }
        let _ = write!(s, "  return new {target}GenMCSubtargetInfo(TT, CPU, TuneCPU, FS, ");
        self.table_arguments(s, info, false);
        s.push_str(");\n}\n\n");
    }

    /// The tables the MC subtarget info's constructor takes (the `create` function's and the
    /// target subtarget info constructor's arguments; the constructor wraps them in `ArrayRef`).
    fn table_arguments(&self, s: &mut String, info: &DescInfo, in_ctor: bool) {
        let target = self.target;
        let empty = self.form.empty_array;
        let storage = self.form.cpu_tables == CpuTables::Storage;
        let array = |name: String, count: usize| match (in_ctor, storage) {
            (false, _) => name,
            (true, true) => format!("ArrayRef({name})"),
            (true, false) => format!("ArrayRef({name}, {count})"),
        };
        match self.form.cpu_tables {
            CpuTables::SubTypes => {}
            CpuTables::SubTypesAndNames if info.names > 0 => {
                let _ = write!(s, "{}, ", array(format!("{target}Names"), info.names));
            }
            CpuTables::SubTypesAndNames => {
                let _ = write!(s, "{empty}, ");
            }
            CpuTables::Storage => {
                let _ = write!(s, "StringTable({target}SubTypeKVStorage.Strings), ");
            }
        }
        if info.features > 0 {
            let name =
                if storage { format!("{target}FeatureKVStorage.Features") } else { format!("{target}FeatureKV") };
            let _ = write!(s, "{}, ", array(name, info.features));
        } else {
            let _ = write!(s, "{empty}, ");
        }
        if info.procs > 0 && storage {
            let _ = write!(s, "{}, {target}SchedModels, ", array(format!("{target}SubTypeKVStorage.SubTypes"), 0));
        } else if info.procs > 0 {
            let _ = write!(s, "{}, ", array(format!("{target}SubTypeKV"), info.procs));
        } else if storage {
            let _ = write!(s, "{empty}, nullptr, ");
        } else {
            let _ = write!(s, "{empty}, ");
        }
        let indent = " ".repeat(if in_ctor { 24 } else { 22 });
        let _ = write!(
            s,
            "\n{indent}{target}WriteProcResTable, {target}WriteLatencyTable, {target}ReadAdvanceTable, \n{indent}"
        );
        if self.m.has_itineraries() {
            let _ = write!(s, "{target}Stages, {target}OperandCycles, {target}ForwardingPaths");
        } else {
            s.push_str("nullptr, nullptr, nullptr");
        }
    }

    // ----- HW modes -----

    /// `emitFeaturesAux`: an `AssemblerCondDag` as a check of the feature bits.
    fn features_aux(&self, s: &mut String, value: Init, paren_if_bin_op: bool) -> bool {
        tdq_models::target::subtarget_features::features_aux(self.f, self.target, s, value, paren_if_bin_op)
    }

    fn hw_mode_check(&self, s: &mut String, class: &str, is_mc: bool) -> Result<()> {
        let f = self.f;
        let hw = &self.t.hw_modes;
        if hw.num_modes() == 1 {
            return Ok(());
        }
        let (mut value_type, mut reg_info, mut encoding) = (0u32, 0u32, 0u32);
        for items in hw.selects.values() {
            for &(mode, object) in items {
                if mode == 0 {
                    continue;
                }
                let bit = 1u32.wrapping_shl(mode - 1);
                if f.is_a(object, "ValueType") {
                    value_type |= bit;
                } else if f.is_a(object, "RegInfo")
                    || f.is_a(object, "SubRegRange")
                    || (self.form.hw_mode_predicates && f.is_a(object, "RegisterClassLike"))
                    || (self.form.register_is_reg_info && f.is_a(object, "Register"))
                {
                    reg_info |= bit;
                } else if f.is_a(object, "InstructionEncoding") {
                    encoding |= bit;
                }
            }
        }
        let _ = writeln!(s, "unsigned {class}::getHwModeSet() const {{");
        if self.form.hw_mode_predicates {
            if is_mc {
                s.push_str("  [[maybe_unused]] const FeatureBitset &FB = getFeatureBits();\n");
            } else {
                let prologs = derived_definitions(self.input, "HwModePredicateProlog")?;
                if prologs.is_empty() {
                    let _ = write!(
                        s,
                        "  [[maybe_unused]] const auto *Subtarget =\n      static_cast<const {}Subtarget *>(this);\n",
                        self.target
                    );
                } else {
                    for &p in prologs.iter() {
                        let _ = writeln!(s, "{}", f.string(p, "Code")?);
                    }
                }
            }
        }
        s.push_str("  // Collect HwModes and store them as a bit set.\n  unsigned Modes = 0;\n");
        for (i, mode) in hw.modes.iter().enumerate() {
            s.push_str("  if (");
            if !self.form.hw_mode_predicates {
                let _ = write!(s, "checkFeatures(\"{}\")", mode.features);
            } else if is_mc {
                let mut mc = Vec::new();
                for &p in &mode.predicates {
                    if f.bit(p, "AssemblerMatcherPredicate")? {
                        mc.push(p);
                    }
                }
                if mc.is_empty() {
                    s.push_str("false");
                }
                for (k, &p) in mc.iter().enumerate() {
                    if k > 0 {
                        s.push_str(" && ");
                    }
                    let dag = f.init(p, "AssemblerCondDag")?;
                    if self.features_aux(s, dag, mc.len() > 1) {
                        return Err(self.fatal(p, "Invalid AssemblerCondDag!"));
                    }
                }
            } else {
                let mut first = true;
                for &p in &mode.predicates {
                    let cond = f.string(p, "CondString")?;
                    if cond.is_empty() {
                        continue;
                    }
                    if !first {
                        s.push_str(" && ");
                    }
                    first = false;
                    let _ = write!(s, "({cond})");
                }
            }
            let _ = writeln!(s, ") Modes |= (1 << {i});");
        }
        s.push_str("  return Modes;\n}\n");
        let _ = writeln!(s, "unsigned {class}::getHwMode(enum HwModeType type) const {{");
        s.push_str("  unsigned Modes = getHwModeSet();\n\n  if (!Modes)\n    return Modes;\n\n  switch (type) {\n");
        s.push_str("  case HwMode_Default:\n    return llvm::countr_zero(Modes) + 1;\n");
        for (kind, bits) in [("ValueType", value_type), ("RegInfo", reg_info), ("EncodingInfo", encoding)] {
            let _ = writeln!(s, "  case HwMode_{kind}:");
            if self.form.empty_mode_returns && bits == 0 {
                let _ = write!(s, "    // No HwMode for {kind}.\n    return 0;\n");
                continue;
            }
            let _ = write!(
                s,
                "    Modes &= {bits};\n    if (!Modes)\n      return Modes;\n    if (!llvm::has_single_bit<unsigned>(Modes))\n      llvm_unreachable(\"Two or more HwModes for {kind} were found!\");\n    return llvm::countr_zero(Modes) + 1;\n"
            );
        }
        s.push_str("  }\n  llvm_unreachable(\"unexpected HwModeType\");\n  return 0; // should not get here\n}\n");
        Ok(())
    }

    // ----- The target description, header and constructor -----

    fn target_desc(&self, s: &mut String, features: &[RecId]) -> Result<()> {
        let f = self.f;
        let target = self.target;
        self.section(s, "GET_SUBTARGETINFO_TARGET_DESC", |s| {
            if self.form.hw_mode_bits {
                s.push_str("#include \"llvm/ADT/BitmaskEnum.h\"\n");
            }
            s.push_str("#include \"llvm/Support/Debug.h\"\n#include \"llvm/Support/raw_ostream.h\"\n\n");
            if target == "AArch64" {
                s.push_str("#include \"llvm/TargetParser/AArch64TargetParser.h\"\n\n");
            }
            s.push_str("// ParseSubtargetFeatures - Parses features string setting specified\n// subtarget options.\n");
            let _ = writeln!(
                s,
                "void llvm::{target}Subtarget::ParseSubtargetFeatures(StringRef CPU, StringRef TuneCPU, StringRef FS) {{"
            );
            s.push_str("  LLVM_DEBUG(dbgs() << \"\\nFeatures:\" << FS);\n  LLVM_DEBUG(dbgs() << \"\\nCPU:\" << CPU);\n");
            s.push_str("  LLVM_DEBUG(dbgs() << \"\\nTuneCPU:\" << TuneCPU << \"\\n\\n\");\n");
            if features.is_empty() {
                s.push_str("}\n");
                return Ok(());
            }
            if target == "AArch64" {
                s.push_str("  CPU = AArch64::resolveCPUAlias(CPU);\n  TuneCPU = AArch64::resolveCPUAlias(TuneCPU);\n");
            }
            s.push_str("  InitMCProcessorInfo(CPU, TuneCPU, FS);\n  const FeatureBitset &Bits = getFeatureBits();\n");
            for &r in features {
                let instance = f.name(r);
                let value = f.string(r, "Value")?;
                let field = f.string(r, "FieldName")?;
                if value == "true" || value == "false" {
                    let _ = writeln!(s, "  if (Bits[{target}::{instance}]) {field} = {value};");
                } else {
                    let _ = writeln!(s, "  if (Bits[{target}::{instance}] && {field} < {value}) {field} = {value};");
                }
            }
            s.push_str("}\n");
            Ok(())
        })
    }

    fn header(&self, s: &mut String) -> Result<()> {
        let target = self.target;
        let class = format!("{target}GenSubtargetInfo");
        let ov = self.override_word();
        self.section(s, "GET_SUBTARGETINFO_HEADER", |s| {
            let body = |s: &mut String| -> Result<()> {
                s.push_str("class DFAPacketizer;\n");
                let sti = if self.form.resolve_takes_sti { "const MCSubtargetInfo &STI, " } else { "" };
                self.namespace(s, &format!("{target}_MC"), |s| {
                    let _ = writeln!(
                        s,
                        "unsigned resolveVariantSchedClassImpl(unsigned SchedClass, const MCInst *MI, const MCInstrInfo *MCII, {sti}unsigned CPUID);"
                    );
                    Ok(())
                })?;
                if !self.form.helpers {
                    s.push('\n');
                }
                let _ = writeln!(s, "struct {class} : public TargetSubtargetInfo {{");
                let _ = writeln!(s, "  explicit {class}(const Triple &TT, StringRef CPU, StringRef TuneCPU, StringRef FS);");
                s.push_str("public:\n");
                let _ = writeln!(
                    s,
                    "  unsigned resolveSchedClass(unsigned SchedClass,  const MachineInstr *DefMI, const TargetSchedModel *SchedModel) const {ov};"
                );
                let _ = writeln!(
                    s,
                    "  unsigned resolveVariantSchedClass(unsigned SchedClass, const MCInst *MI, const MCInstrInfo *MCII, unsigned CPUID) const {ov};"
                );
                s.push_str("  DFAPacketizer *createDFAPacketizer(const InstrItineraryData *IID) const;\n");
                let hw = &self.t.hw_modes;
                if hw.num_modes() > 1 {
                    if self.form.hw_mode_bits {
                        let _ = writeln!(s, "  enum class {target}HwModeBits : unsigned {{");
                        for m in 0..hw.num_modes() {
                            let name = hw.mode_name(m as u32);
                            if m == 0 {
                                let _ = writeln!(s, "    {name} = 0,");
                            } else {
                                let _ = writeln!(s, "    {name} = (1 << {}),", m - 1);
                            }
                            if m == hw.num_modes() - 1 {
                                let _ = write!(s, "\n    LLVM_MARK_AS_BITMASK_ENUM(/*LargestValue=*/{name}),\n");
                            }
                        }
                        s.push_str("  };\n");
                    }
                    let _ = writeln!(s, "  unsigned getHwModeSet() const {ov};");
                    let _ = writeln!(s, "  unsigned getHwMode(enum HwModeType type = HwMode_Default) const {ov};");
                }
                if !self.t.macro_fusions.is_empty() {
                    let _ = writeln!(s, "  std::vector<MacroFusionPredTy> getMacroFusions() const {ov};");
                }
                if self.form.inline_features {
                    s.push_str("  const FeatureBitset &getInlineIgnoreFeatures() const override;\n");
                    s.push_str("  const FeatureBitset &getInlineInverseFeatures() const override;\n");
                    s.push_str("  const FeatureBitset &getInlineMustMatchFeatures() const override;\n");
                }
                let mut pe = PredicateExpander::new(self.input, target);
                pe.by_ref = false;
                let form = StiForm { expand_definition: false, class_prefix: "" };
                for function in &self.m.sti_predicates {
                    pe.expand_sti_predicate(s, function, &form)?;
                }
                s.push_str("};\n");
                Ok(())
            };
            self.llvm_namespace(s, body)
        })
    }

    fn ctor(&self, s: &mut String, info: &DescInfo) -> Result<()> {
        let target = self.target;
        let class = format!("{target}GenSubtargetInfo");
        self.section(s, "GET_SUBTARGETINFO_CTOR", |s| {
            s.push_str("#include \"llvm/CodeGen/TargetSchedule.h\"\n\n");
            let body = |s: &mut String| -> Result<()> {
                match self.form.cpu_tables {
                    CpuTables::SubTypes => {
                        let _ = writeln!(s, "extern const llvm::SubtargetFeatureKV {target}FeatureKV[];");
                        let _ = writeln!(s, "extern const llvm::SubtargetSubTypeKV {target}SubTypeKV[];");
                    }
                    CpuTables::SubTypesAndNames => {
                        let _ = writeln!(s, "extern const llvm::StringRef {target}Names[];");
                        let _ = writeln!(s, "extern const llvm::SubtargetFeatureKV {target}FeatureKV[];");
                        let _ = writeln!(s, "extern const llvm::SubtargetSubTypeKV {target}SubTypeKV[];");
                    }
                    CpuTables::Storage => {
                        let _ = writeln!(s, "extern const llvm::StringRef {target}Names[];");
                        if info.features > 0 {
                            let _ = writeln!(
                                s,
                                "extern const llvm::SubtargetFeatureKVStorage<{}, {}> {target}FeatureKVStorage;",
                                info.features, info.feature_strings
                            );
                        }
                        let _ = writeln!(
                            s,
                            "extern const llvm::SubtargetSubTypeKVStorage<{}, {}> {target}SubTypeKVStorage;",
                            info.procs, info.proc_strings
                        );
                        let _ = writeln!(s, "extern const llvm::MCSchedModel {target}SchedModels[];");
                    }
                }
                let _ = writeln!(s, "extern const llvm::MCWriteProcResEntry {target}WriteProcResTable[];");
                let _ = writeln!(s, "extern const llvm::MCWriteLatencyEntry {target}WriteLatencyTable[];");
                let _ = writeln!(s, "extern const llvm::MCReadAdvanceEntry {target}ReadAdvanceTable[];");
                if self.m.has_itineraries() {
                    let _ = writeln!(s, "extern const llvm::InstrStage {target}Stages[];");
                    let _ = writeln!(s, "extern const unsigned {target}OperandCycles[];");
                    let _ = writeln!(s, "extern const unsigned {target}ForwardingPaths[];");
                }
                let _ =
                    writeln!(s, "{class}::{class}(const Triple &TT, StringRef CPU, StringRef TuneCPU, StringRef FS)");
                if target == "AArch64" {
                    s.push_str("  : TargetSubtargetInfo(TT, AArch64::resolveCPUAlias(CPU),\n");
                    s.push_str("                        AArch64::resolveCPUAlias(TuneCPU), FS, ");
                } else {
                    s.push_str("  : TargetSubtargetInfo(TT, CPU, TuneCPU, FS, ");
                }
                self.table_arguments(s, info, true);
                s.push_str(") {}\n\n");
                self.sched_model_helpers(s, &class)?;
                self.hw_mode_check(s, &class, false)?;
                self.macro_fusions(s, &class);
                if self.form.inline_features {
                    for behavior in ["InlineIgnore", "InlineInverse", "InlineMustMatch"] {
                        self.inline_features(s, &class, behavior)?;
                    }
                }
                Ok(())
            };
            self.llvm_namespace(s, body)
        })
    }

    fn sched_model_helpers(&self, s: &mut String, class: &str) -> Result<()> {
        let f = self.f;
        let target = self.target;
        let _ = writeln!(
            s,
            "unsigned {class}\n::resolveSchedClass(unsigned SchedClass, const MachineInstr *MI, const TargetSchedModel *SchedModel) const {{"
        );
        for &p in derived_definitions(self.input, "PredicateProlog")?.iter() {
            let _ = writeln!(s, "{}", f.string(p, "Code")?);
        }
        self.sched_model_helpers_impl(s, false)?;
        let _ = write!(s, "}} // {class}::resolveSchedClass\n\n");
        let _ = writeln!(
            s,
            "unsigned {class}\n::resolveVariantSchedClass(unsigned SchedClass, const MCInst *MI, const MCInstrInfo *MCII, unsigned CPUID) const {{"
        );
        let this = if self.form.resolve_takes_sti { "*this, " } else { "" };
        let _ = writeln!(s, "  return {target}_MC::resolveVariantSchedClassImpl(SchedClass, MI, MCII, {this}CPUID);");
        let _ = write!(s, "}} // {class}::resolveVariantSchedClass\n\n");
        let mut pe = PredicateExpander::new(self.input, target);
        pe.by_ref = false;
        pe.indent = 0;
        let form = StiForm { expand_definition: true, class_prefix: class };
        for function in &self.m.sti_predicates {
            pe.expand_sti_predicate(s, function, &form)?;
        }
        Ok(())
    }

    fn macro_fusions(&self, s: &mut String, class: &str) {
        if self.t.macro_fusions.is_empty() {
            return;
        }
        let _ = writeln!(s, "std::vector<MacroFusionPredTy> {class}::getMacroFusions() const {{");
        s.push_str("  std::vector<MacroFusionPredTy> Fusions;\n");
        for &fusion in &self.t.macro_fusions {
            let name = self.f.name(fusion);
            let _ = writeln!(s, "  if (hasFeature({}::{name})) Fusions.push_back(llvm::is{name});", self.target);
        }
        s.push_str("  return Fusions;\n}\n");
    }

    fn inline_features(&self, s: &mut String, class: &str, behavior: &str) -> Result<()> {
        let f = self.f;
        let mut features = Vec::new();
        for &feature in derived_definitions(self.input, "SubtargetFeature")?.iter() {
            features.push((f.string(feature, "FieldName")?, feature));
        }
        std_sort_by(&mut features, |a, b| a.0 < b.0);
        let _ = writeln!(s, "const FeatureBitset &{class}::get{behavior}Features() const {{");
        s.push_str("  static constexpr FeatureBitset Features = {\n");
        for (_, feature) in features {
            if f.name(f.def(feature, "InlineBehavior")?) == behavior {
                let _ = writeln!(s, "{}::{},", self.target, f.name(feature));
            }
        }
        s.push_str("  };\n  return Features;\n}\n\n");
        Ok(())
    }

    fn mc_analysis(&self, s: &mut String) -> Result<()> {
        let target = self.target;
        let mut pe = PredicateExpander::new(self.input, target);
        pe.indent = self.form.mc_analysis_decl_indent;
        pe.expand_for_mc = true;
        pe.by_ref = true;
        let decls = StiForm { expand_definition: false, class_prefix: "" };
        self.section(s, "GET_STIPREDICATE_DECLS_FOR_MC_ANALYSIS", |s| {
            for function in &self.m.sti_predicates {
                pe.expand_sti_predicate(s, function, &decls)?;
            }
            Ok(())
        })?;
        let prefix = format!("{target}MCInstrAnalysis");
        let defs = StiForm { expand_definition: true, class_prefix: &prefix };
        pe.indent = 0;
        self.section(s, "GET_STIPREDICATE_DEFS_FOR_MC_ANALYSIS", |s| {
            for function in &self.m.sti_predicates {
                pe.expand_sti_predicate(s, function, &defs)?;
            }
            Ok(())
        })
    }
}

/// `StringToOffsetTable::size() + 1`: the storage's size with its final NUL.
fn strings_size(table: &StringToOffsetTable) -> usize {
    table.size() + 1
}
