//! `--gen-register-info`: a target's registers, register classes, sub-register indices and
//! pressure sets as the MC layer and `TargetRegisterInfo` use them (LLVM's
//! RegisterInfoEmitter.cpp), from the model's derived register information
//! ([`RegisterInfo`]). LLVM 22 on writes four files beside the main output (`Enums.inc`,
//! `MCDesc.inc`, `Header.inc`, `TargetDesc.inc`), the main output only including them.

use crate::common::emit::{ifdef_block, namespace, source_file_header, string_literal_def, SequenceToOffsetTable};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::{phases, ByRelease, Evaluation, Loc};
use tdq_models::bit_vector::BitVector;
use tdq_models::records::{all_derived_definitions_if_defined, derived_definitions};
use tdq_models::set_theory::{Member, SetTheory};
use tdq_models::target::info_by_hw_mode::{ByMode, RegisterByHwMode};
use tdq_models::target::registers::{LaneMask, RegBank, RegisterInfo};
use tdq_models::target::value_types::Mvt;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenRegisterInfo;

/// `-register-info-debug`: the register bank as the model derived it, on standard error after
/// the output ([`Emitter::debug_dump`]).
pub static REGISTER_INFO_DEBUG: Opt<bool> = Opt {
    name: "register-info-debug",
    help: "Dump register information to help debugging",
    value_desc: "",
    category: "Options for -gen-register-info",
    default: false,
    since: tdq_core::Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

/// How the register classes are laid out in the MC description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClassTables {
    /// An array per class's registers and bit set, then `MCRegisterClasses[]`; the target
    /// description adds each class's `TargetRegisterClass` instance (LLVM 19 and 22).
    PerClass,
    /// One `MCRegisterClassStorage` holding every class and its arrays, at offsets (LLVM 23).
    Storage,
}

/// Where the four parts go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Files {
    /// All in the main output, each in its `#ifdef GET_REGINFO_*` section (LLVM 19).
    Sections,
    /// Each in its own file beside the main output, which includes them (LLVM 22 on).
    Split,
}

/// What one release's RegisterInfoEmitter writes.
#[derive(Debug)]
struct Form {
    files: Files,
    /// The register enum is `enum : unsigned` (LLVM 22 on); before, a plain `enum`.
    typed_register_enum: bool,
    /// The lane mask and sub-register index lists end in a terminator (LLVM 19).
    terminated_lists: bool,
    /// Register descriptors say whether the register is artificial (LLVM 22 on).
    artificial_in_desc: bool,
    /// The type of a register unit argument: `MCRegUnit` (LLVM 22 on), cast to `unsigned`
    /// where it indexes; before, `unsigned`.
    typed_reg_units: bool,
    /// `reverseComposeSubRegIndicesImpl` and `isGeneralPurposeRegisterClass` are generated
    /// (LLVM 22 on).
    reverse_compose_and_gp_class: bool,
    /// Super-class lists are null-terminated lists of class pointers, an empty one
    /// `NullRegClasses` (LLVM 19); after, class IDs and a count.
    superclass_pointers: bool,
    /// Allocation order selectors take `bool Rev` (LLVM 22 on).
    alt_order_rev: bool,
    /// A register indexes its mapping with `Reg.id()` (LLVM 22 on); before, by itself.
    mapping_by_id: bool,
    /// An empty `ArrayRef`: `{}` (LLVM 22 on); before, `std::nullopt`.
    empty_array_ref: &'static str,
    /// Sections and namespaces are LLVM 23's `IfDefEmitter` and `NamespaceEmitter`; before,
    /// written out by hand.
    helper_sections: bool,
    class_tables: ClassTables,
    /// The target description's tables are named after the target (`XVTLists`), and the
    /// sub-register index names are a string table with offsets (LLVM 23).
    prefixed_tables: bool,
    /// What the default mode is called in the comments of `RegClassInfos`.
    default_mode: &'static str,
    /// `getMinimalPhysRegClass` and `getRawAllocationOrder` are generated (LLVM 23).
    minimal_class_and_raw_order: bool,
    /// `getSubClassWithSubReg`'s tables are `static constexpr` of the smallest type holding
    /// the classes and a sentinel (LLVM 23); before, `static const` `uint8_t` up to 255
    /// classes, else `uint16_t`.
    constexpr_class_tables: bool,
    debug: DebugDump,
}

/// What `-register-info-debug` prints (`debugDump`), beyond what every release does.
#[derive(Debug)]
struct DebugDump {
    by_mode: DumpByMode,
    /// A register class's weight (LLVM 23).
    class_weight: bool,
    /// A register's native units, a line each (LLVM 22 on).
    reg_units: bool,
    /// `Artificial: 1` under an artificial class, index or register (LLVM 23).
    artificial: bool,
}

/// How a value by HW mode (spill sizes, sub-register ranges) is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DumpByMode {
    /// `{ Default:32 M1:64 }`, every mode, the default one named `Default` (LLVM 19 and 22).
    EveryMode,
    /// The bare value when only the default mode has one, else `{ DefaultMode:32 M1:64 }`
    /// (LLVM 23's `printByHwMode`).
    UnlessSimple,
}

const FORM_22: Form = Form {
    files: Files::Split,
    typed_register_enum: true,
    terminated_lists: false,
    artificial_in_desc: true,
    typed_reg_units: true,
    reverse_compose_and_gp_class: true,
    superclass_pointers: false,
    alt_order_rev: true,
    mapping_by_id: true,
    empty_array_ref: "{}",
    helper_sections: false,
    class_tables: ClassTables::PerClass,
    prefixed_tables: false,
    default_mode: "Default",
    minimal_class_and_raw_order: false,
    constexpr_class_tables: false,
    debug: DebugDump { by_mode: DumpByMode::EveryMode, class_weight: false, reg_units: true, artificial: false },
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        files: Files::Sections,
        typed_register_enum: false,
        terminated_lists: true,
        artificial_in_desc: false,
        typed_reg_units: false,
        reverse_compose_and_gp_class: false,
        superclass_pointers: true,
        alt_order_rev: false,
        mapping_by_id: false,
        empty_array_ref: "std::nullopt",
        debug: DebugDump { reg_units: false, ..FORM_22.debug },
        ..FORM_22
    },
    v22: FORM_22,
    v23: Form {
        helper_sections: true,
        class_tables: ClassTables::Storage,
        prefixed_tables: true,
        default_mode: "DefaultMode",
        minimal_class_and_raw_order: true,
        constexpr_class_tables: true,
        debug: DebugDump { by_mode: DumpByMode::UnlessSimple, class_weight: true, reg_units: true, artificial: true },
        ..FORM_22
    },
};

impl Backend for GenRegisterInfo {
    fn name(&self) -> &'static str {
        "gen-register-info"
    }
    fn help(&self) -> &'static str {
        "Generate registers and register classes info"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 1] = [&REGISTER_INFO_DEBUG];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        let info = RegisterInfo::get(input)?;
        for warning in &info.warnings {
            out.diags.warning(Loc::NONE, warning.clone());
        }
        let mut e = Emitter {
            input,
            f: Fields { input },
            form,
            target: &target,
            name: target.name,
            info: &info,
            bank: &info.bank,
            storage_type: String::new(),
            dwarf: None,
        };
        e.dwarf = e.dwarf()?;
        let stem = options.output_stem().to_string();
        let mut main = String::new();
        // Each part in LLVM's order: the target description reads what the MC description
        // laid out (LLVM 23's storage type).
        phases::start("Print enums");
        let enums = e.enums()?;
        phases::start("Print MC registers");
        let mc_desc = e.mc_desc()?;
        phases::start("Print header fragment");
        let header = e.header()?;
        phases::start("Print target registers");
        let target_desc = e.target_desc()?;
        let parts = [
            ("Enums.inc", "GET_REGINFO_ENUM", "Target Register Enum Values", enums),
            ("MCDesc.inc", "GET_REGINFO_MC_DESC", "MC Register Information", mc_desc),
            ("Header.inc", "GET_REGINFO_HEADER", "Register Information Header Fragment", header),
            (
                "TargetDesc.inc",
                "GET_REGINFO_TARGET_DESC",
                "Target Register and Register Classes Information",
                target_desc,
            ),
        ];
        for (suffix, guard, desc, body) in parts {
            let mut text = String::new();
            source_file_header(&mut text, desc, None);
            match form.files {
                Files::Sections => {
                    let _ = write!(text, "\n#ifdef {guard}\n#undef {guard}\n\n{body}#endif // {guard}\n\n");
                    out.write_all(text.as_bytes())?;
                }
                Files::Split => {
                    let include = format!("#include \"{stem}{suffix}\"\n");
                    if form.helper_sections {
                        ifdef_block(&mut main, guard, false, |s| s.push_str(&include));
                    } else {
                        let _ = write!(main, "#ifdef {guard}\n#undef {guard}\n{include}#endif\n\n");
                    }
                    text.push_str(&body);
                    out.additional_file(suffix).extend_from_slice(text.as_bytes());
                }
            }
        }
        out.write_all(main.as_bytes())?;
        if options.get(&REGISTER_INFO_DEBUG) {
            out.diags.text(e.debug_dump());
        }
        Ok(())
    }
}

/// `PrintLaneMask` in `LaneBitmask(0x...)`.
fn mask(m: LaneMask) -> String {
    format!("LaneBitmask(0x{m:016X})")
}

/// `getMinimalTypeForRange`.
pub(crate) fn minimal_type(range: u64) -> &'static str {
    if range > 0xFFFF_FFFF {
        "uint64_t"
    } else if range > 0xFFFF {
        "uint32_t"
    } else if range > 0xFF {
        "uint16_t"
    } else {
        "uint8_t"
    }
}

/// `printBitVectorAsHex`: the bits `width` to a number, lowest first, `0x..., ` each.
fn hex_words(s: &mut String, len: usize, test: impl Fn(usize) -> bool, width: usize) {
    let digits = width.div_ceil(4);
    let mut i = 0;
    while i < len {
        let mut value = 0u32;
        for j in 0..width {
            if i + j == len {
                break;
            }
            if test(i + j) {
                value |= 1 << j;
            }
        }
        let _ = write!(s, "0x{value:0digits$x}, ");
        i += width;
    }
}

fn bit_vector_hex(s: &mut String, bits: &BitVector, width: usize) {
    hex_words(s, bits.len(), |i| bits.test(i), width);
}

/// A NUL-terminated string table (`SequenceToOffsetTable<std::string>`).
fn strings<'s>(names: impl IntoIterator<Item = &'s str>) -> SequenceToOffsetTable<u8> {
    let mut table = SequenceToOffsetTable::default();
    for name in names {
        table.add(name.as_bytes());
    }
    table.layout();
    table
}

/// Differences between consecutive numbers (`diffEncode`), as `int16_t`.
fn diffs(start: u32, values: impl IntoIterator<Item = u32>) -> Vec<i16> {
    let mut last = start;
    values
        .into_iter()
        .map(|v| {
            let d = v.wrapping_sub(last) as i16;
            last = v;
            d
        })
        .collect()
}

/// The registers' DWARF numbers, read once for both descriptions.
struct Dwarf {
    /// Each register (by position) in `LessRecordRegister` order, once per name, and its
    /// numbers, each list as long as the longest (`-1` where it has none).
    numbers: Vec<(usize, Vec<i64>)>,
    /// The same after each register with a `DwarfAlias` took its alias's numbers (what the
    /// LLVM-to-DWARF tables map).
    aliased: Vec<(usize, Vec<i64>)>,
    longest: usize,
}

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    target: &'a Target,
    name: &'static str,
    info: &'a RegisterInfo,
    bank: &'a RegBank,
    /// LLVM 23's `MCRegisterClassStorage<...>` type, made by the MC description.
    storage_type: String,
    /// None when no register has DWARF numbers.
    dwarf: Option<Dwarf>,
}

/// `namespace NAME {` ... `} // end namespace NAME` as LLVM 19 and 22 write it by hand, with
/// `tail` after the closing line.
fn namespace_by_hand(s: &mut String, name: &str, tail: &str, body: impl FnOnce(&mut String)) {
    if !name.is_empty() {
        let _ = writeln!(s, "namespace {name} {{");
    }
    body(s);
    if !name.is_empty() {
        let _ = write!(s, "}} // end namespace {name}\n{tail}");
    }
}

impl Emitter<'_> {
    fn reg_namespace(&self) -> &'static str {
        self.bank.registers.first().map_or("", |r| r.namespace)
    }

    /// A namespace around `body`, in the release's form (`tail` after a hand-written one).
    fn ns(&self, s: &mut String, name: &str, tail: &str, body: impl FnOnce(&mut String)) {
        if self.form.helper_sections {
            namespace(s, name, body);
        } else {
            namespace_by_hand(s, name, tail, body);
        }
    }

    /// `runEnums`.
    fn enums(&mut self) -> Result<String> {
        let mut s = String::new();
        let bank = self.bank;
        let t = self.name;
        let ns = self.reg_namespace();
        let helper = self.form.helper_sections;
        if helper {
            s.push_str("namespace llvm {\n\n");
            let _ = write!(s, "class MCRegisterClass;\nconst MCRegisterClass &get{t}MCRegisterClass(unsigned RC);\n");
        } else {
            let _ = write!(
                s,
                "namespace llvm {{\n\nclass MCRegisterClass;\nextern const MCRegisterClass {t}MCRegisterClasses[];\n\n"
            );
        }
        self.ns(&mut s, ns, "", |s| {
            s.push_str(if self.form.typed_register_enum {
                "enum : unsigned {\n  NoRegister,\n"
            } else {
                "enum {\n  NoRegister,\n"
            });
            for (i, r) in bank.registers.iter().enumerate() {
                let _ = writeln!(s, "  {} = {},", r.name, i + 1);
            }
            let _ = write!(s, "  NUM_TARGET_REGS // {}\n}};\n", bank.registers.len() + 1);
        });
        if !bank.classes.is_empty() {
            s.push_str("\n// Register classes\n\n");
            self.ns(&mut s, ns, "\n", |s| {
                s.push_str("enum {\n");
                for (i, rc) in bank.classes.iter().enumerate() {
                    let _ = writeln!(s, "  {} = {i},", rc.id_name());
                }
                s.push_str("\n};\n");
            });
        }
        let alt_names = derived_definitions(self.input, "RegAltNameIndex")?;
        if alt_names.len() > 1 {
            s.push_str("\n// Register alternate name indices\n\n");
            self.ns(&mut s, ns, "\n", |s| {
                s.push_str("enum {\n");
                for (i, &alt) in alt_names.iter().enumerate() {
                    let _ = writeln!(s, "  {},\t// {i}", self.f.name(alt));
                }
                let _ = write!(s, "  NUM_TARGET_REG_ALT_NAMES = {}\n}};\n", alt_names.len());
            });
        }
        if let Some(first) = bank.sub_reg_indices.first() {
            s.push_str("\n// Subregister indices\n\n");
            self.ns(&mut s, first.namespace, "\n", |s| {
                s.push_str("enum : uint16_t {\n  NoSubRegister,\n");
                for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
                    let _ = writeln!(s, "  {},\t// {}", idx.name, i + 1);
                }
                s.push_str("  NUM_TARGET_SUBREGS\n};\n");
            });
        }
        s.push_str("// Register pressure sets enum.\n");
        self.ns(&mut s, ns, "", |s| {
            s.push_str("enum RegisterPressureSets {\n");
            for i in 0..self.info.pressure_sets.len() {
                let _ = writeln!(s, "  {} = {i},", self.info.pressure_set_at(i).name);
            }
            s.push_str("};\n");
        });
        if helper {
            let by_mode = all_derived_definitions_if_defined(self.input, "RegisterByHwMode");
            if !by_mode.is_empty() {
                s.push_str("// Registers by HwMode\nclass MCRegister;\n");
                namespace(&mut s, &format!("{ns}::RegisterByHwMode"), |s| {
                    for &rec in &by_mode {
                        let _ = writeln!(s, "LLVM_READONLY MCRegister get{}(unsigned HwMode);", self.f.name(rec));
                    }
                });
            }
            s.push_str("\n} // namespace llvm\n");
        } else {
            s.push_str("\n} // end namespace llvm\n\n");
        }
        Ok(s)
    }

    /// `runMCDesc`.
    fn mc_desc(&mut self) -> Result<String> {
        let mut s = String::new();
        let bank = self.bank;
        let t = self.name;
        let n = bank.registers.len();
        let mut diff_seqs: SequenceToOffsetTable<i16> = SequenceToOffsetTable::default();
        let terminated = self.form.terminated_lists;
        let mut lane_seqs: SequenceToOffsetTable<LaneMask> =
            if terminated { SequenceToOffsetTable::default() } else { SequenceToOffsetTable::unterminated() };
        let mut idx_seqs: SequenceToOffsetTable<usize> =
            if terminated { SequenceToOffsetTable::default() } else { SequenceToOffsetTable::unterminated() };
        let mut sub_lists = Vec::with_capacity(n);
        let mut super_lists = Vec::with_capacity(n);
        let mut unit_lists = Vec::with_capacity(n);
        let mut lane_lists = Vec::with_capacity(n);
        let mut idx_lists = Vec::with_capacity(n);
        let reg_strings = strings(bank.registers.iter().map(|r| r.name.as_str()));
        for (i, reg) in bank.registers.iter().enumerate() {
            let number = i as u32 + 1;
            let pre_order = bank.sub_regs_pre_order(i);
            let subs = diffs(number, pre_order.iter().map(|&r| r as u32 + 1));
            diff_seqs.add(&subs);
            let idxs: Vec<usize> = pre_order.iter().map(|sr| reg.sub_reg_index[sr] + 1).collect();
            idx_seqs.add(&idxs);
            let supers = diffs(number, reg.super_regs.iter().map(|&r| r as u32 + 1));
            diff_seqs.add(&supers);
            let mut units = reg.native_reg_units.iter().copied();
            let unit_diffs = match units.next() {
                Some(first) => diffs(first, units),
                None => Vec::new(),
            };
            diff_seqs.add(&unit_diffs);
            let lanes: Vec<LaneMask> = reg.reg_unit_lane_masks[..reg.native_reg_units.len()].to_vec();
            lane_seqs.add(&lanes);
            sub_lists.push(subs);
            super_lists.push(supers);
            unit_lists.push(unit_diffs);
            lane_lists.push(lanes);
            idx_lists.push(idxs);
        }
        diff_seqs.layout();
        lane_seqs.layout();
        idx_seqs.layout();
        s.push_str("namespace llvm {\n\n");
        let _ = writeln!(s, "extern const int16_t {t}RegDiffLists[] = {{");
        diff_seqs.emit(
            &mut s,
            |s, d| {
                let _ = write!(s, "{d}");
            },
            "0",
        );
        s.push_str("};\n\n");
        let _ = writeln!(s, "extern const LaneBitmask {t}LaneMaskLists[] = {{");
        if terminated {
            lane_seqs.emit(&mut s, |s, m| s.push_str(&mask(*m)), "LaneBitmask::getAll()");
        } else {
            lane_seqs.emit_unterminated(&mut s, |s, m| s.push_str(&mask(*m)), &mask(0));
        }
        s.push_str("};\n\n");
        let _ = writeln!(s, "extern const uint16_t {t}SubRegIdxLists[] = {{");
        let print_index = |s: &mut String, i: &usize| {
            let _ = write!(s, "{i}");
        };
        if terminated {
            idx_seqs.emit(&mut s, print_index, "0");
        } else {
            idx_seqs.emit_unterminated(&mut s, print_index, "0");
        }
        s.push_str("};\n\n");
        string_literal_def(
            &mut s,
            &reg_strings,
            &format!("extern const char {t}RegStrings[]"),
            self.input.records.release,
        );
        let _ = writeln!(s, "extern const MCRegisterDesc {t}RegDesc[] = {{ // Descriptors");
        let zeros = if self.form.artificial_in_desc { "0, 0, 0, 0, 0, 0, 0" } else { "0, 0, 0, 0, 0, 0" };
        let _ = writeln!(s, "  {{ {}, {zeros} }},", reg_strings.get(&[]));
        for (i, reg) in bank.registers.iter().enumerate() {
            let first_unit = reg.native_reg_units.iter().next().map_or(u32::MAX, |&u| u);
            let offset = diff_seqs.get(&unit_lists[i]);
            let _ = write!(
                s,
                "  {{ {}, {}, {}, {}, {}, {}, {}",
                reg_strings.get(reg.name.as_bytes()),
                diff_seqs.get(&sub_lists[i]),
                diff_seqs.get(&super_lists[i]),
                idx_seqs.get(&idx_lists[i]),
                (offset << 12) | first_unit,
                lane_seqs.get(&lane_lists[i]),
                u8::from(reg.constant),
            );
            if self.form.artificial_in_desc {
                let _ = write!(s, ", {}", u8::from(reg.artificial));
            }
            s.push_str(" },\n");
        }
        s.push_str("};\n\n");
        let _ = writeln!(s, "extern const MCPhysReg {t}RegUnitRoots[][2] = {{");
        for unit in &bank.reg_units[..bank.num_native_reg_units] {
            let roots: Vec<String> = unit.roots.iter().map(|&r| bank.registers[r].qualified_name()).collect();
            let _ = writeln!(s, "  {{ {} }},", roots.join(", "));
        }
        s.push_str("};\n\n");
        if self.info.registers_are_intervals {
            let _ = write!(s, "extern const unsigned {t}RegUnitIntervals[][2] = {{\n  {{ 0, 0 }},\n");
            for reg in &bank.registers {
                match (reg.native_reg_units.first(), reg.native_reg_units.last()) {
                    (Some(first), Some(last)) => {
                        let _ = writeln!(s, "  {{ {first}, {} }},", last + 1);
                    }
                    _ => s.push_str("  { 0, 0 },\n"),
                }
            }
            s.push_str("};\n\n");
        }
        match self.form.class_tables {
            ClassTables::PerClass => self.mc_classes_per_class(&mut s),
            ClassTables::Storage => self.mc_class_storage(&mut s),
        }
        self.dwarf_tables(&mut s, false);
        let _ = write!(s, "extern const uint16_t {t}RegEncodingTable[] = {{\n  0,\n");
        for reg in &bank.registers {
            let encoding =
                self.f.bits(reg.fields, "HWEncoding")?.iter().take(64).enumerate().fold(0u64, |v, (i, bit)| match bit
                    .kind()
                {
                    InitKind::Bit(true) => v | 1 << i,
                    _ => v,
                });
            let _ = writeln!(s, "  {encoding},");
        }
        s.push_str("};\n");
        let classes_ref = match self.form.class_tables {
            ClassTables::PerClass => format!("{t}MCRegisterClasses"),
            ClassTables::Storage => format!("{t}MCRegisterClassStorage.Classes"),
        };
        let _ = write!(
            s,
            "static inline void Init{t}MCRegisterInfo(MCRegisterInfo *RI, unsigned RA, unsigned DwarfFlavour = 0, unsigned EHFlavour = 0, unsigned PC = 0) {{\n  RI->InitMCRegisterInfo({t}RegDesc, {}, RA, PC, {classes_ref}, {}, {t}RegUnitRoots, {}, {t}RegDiffLists, {t}LaneMaskLists, {t}RegStrings, {t}RegClassStrings, {t}SubRegIdxLists, {},\n{t}RegEncodingTable",
            n + 1,
            bank.classes.len(),
            bank.num_native_reg_units,
            bank.sub_reg_indices.len() + 1
        );
        if self.form.helper_sections {
            let intervals =
                if self.info.registers_are_intervals { format!("{t}RegUnitIntervals") } else { "nullptr".into() };
            let _ = write!(s, ", {intervals}");
        }
        s.push_str(");\n\n");
        self.dwarf_mapping(&mut s, false);
        s.push_str("}\n\n");
        if self.form.helper_sections {
            self.registers_by_hw_mode(&mut s)?;
            s.push_str("\n} // namespace llvm\n");
        } else {
            s.push_str("} // end namespace llvm\n\n");
        }
        Ok(s)
    }

    /// The register classes' tables of LLVM 19 and 22: an array of registers and a bit set
    /// per class, the names, then `MCRegisterClasses[]`.
    fn mc_classes_per_class(&self, s: &mut String) {
        let bank = self.bank;
        let t = self.name;
        s.push_str("namespace {     // Register classes...\n");
        for rc in &bank.classes {
            let order = &rc.orders[0];
            if order.is_empty() {
                continue;
            }
            let _ = write!(s, "  // {} Register Class...\n  const MCPhysReg {}[] = {{\n    ", rc.name, rc.name);
            for &r in order {
                let _ = write!(s, "{}, ", bank.registers[r].qualified_name());
            }
            s.push_str("\n  };\n\n");
            let _ = write!(s, "  // {} Bit set.\n  const uint8_t {}Bits[] = {{\n    ", rc.name, rc.name);
            register_bit_set(s, order);
            s.push_str("\n  };\n\n");
        }
        s.push_str("} // end anonymous namespace\n\n");
        let class_strings = strings(bank.classes.iter().map(|c| c.name.as_str()));
        string_literal_def(
            s,
            &class_strings,
            &format!("extern const char {t}RegClassStrings[]"),
            self.input.records.release,
        );
        let _ = writeln!(s, "extern const MCRegisterClass {t}MCRegisterClasses[] = {{");
        for rc in &bank.classes {
            let empty = rc.orders[0].is_empty();
            let (regs, bits, size) = if empty {
                ("nullptr".to_string(), "nullptr".to_string(), "0".to_string())
            } else {
                (rc.name.clone(), format!("{}Bits", rc.name), format!("sizeof({}Bits)", rc.name))
            };
            let _ = writeln!(
                s,
                "  {{ {regs}, {bits}, {}, {}, {size}, {}, {}, {}, {}, {} }},",
                class_strings.get(rc.name.as_bytes()),
                rc.orders[0].len(),
                rc.qualified_id_name(),
                simple_reg_size(rc),
                rc.copy_cost,
                rc.allocatable,
                rc.base_class_order.is_some()
            );
        }
        s.push_str("};\n\n");
    }

    /// For each class, the indices with super-register classes, in index order.
    fn super_reg_indices(&self, rc: usize) -> Vec<usize> {
        (0..self.bank.sub_reg_indices.len())
            .filter(|&i| self.bank.classes[rc].super_reg_classes(i).next().is_some())
            .collect()
    }

    /// LLVM 23's `MCRegisterClassStorage`.
    fn mc_class_storage(&mut self, s: &mut String) {
        let bank = self.bank;
        let t = self.name;
        let nc = bank.classes.len();
        s.push_str("// Register classes...\n");
        let class_strings = strings(bank.classes.iter().map(|c| c.name.as_str()));
        // Start of each class's registers, bit set, masks and super-classes.
        let mut starts = vec![[0usize; 4]];
        let mut super_idx_lists = Vec::with_capacity(nc);
        let mut super_idx_seqs: SequenceToOffsetTable<usize> = SequenceToOffsetTable::default();
        for (c, rc) in bank.classes.iter().enumerate() {
            let order = &rc.orders[0];
            let max_reg = order.iter().map(|&r| r + 1).max().unwrap_or(0);
            let list: Vec<usize> = self.super_reg_indices(c).into_iter().map(|i| i + 1).collect();
            let mask_size = nc.div_ceil(32) * (1 + list.len());
            super_idx_seqs.add(&list);
            super_idx_lists.push(list);
            let last = *starts.last().expect("starts with zeros");
            starts.push([
                last[0] + order.len(),
                last[1] + if order.is_empty() { 0 } else { max_reg / 8 + 1 },
                last[2] + mask_size,
                last[3] + rc.super_classes.len(),
            ]);
        }
        string_literal_def(
            s,
            &class_strings,
            &format!("extern const char {t}RegClassStrings[]"),
            self.input.records.release,
        );
        super_idx_seqs.layout();
        let totals = starts[nc];
        self.storage_type = format!(
            "MCRegisterClassStorage<{nc}, {}, {}, {}, {}, {}>",
            totals[0],
            totals[1],
            totals[2],
            super_idx_seqs.size(),
            totals[3]
        );
        let st = &self.storage_type;
        let _ = write!(
            s,
            "using {t}RegisterClassStorage = {st};\nextern const {st} {t}MCRegisterClassStorage = {{\n  {{\n"
        );
        for (c, rc) in bank.classes.iter().enumerate() {
            let off = |member: &str, at: usize| {
                format!("offsetof({t}RegisterClassStorage, {member}[{at}]) - {c} * sizeof(MCRegisterClass)")
            };
            let _ = write!(
                s,
                "    {{\n      {},\n      {},\n      {},\n      {},\n      {},\n      {},\n      {},\n      {}, /* CopyCost */\n      {}, /* Allocatable */\n      {},\n      {},\n      {},\n      {},\n      {},\n      {},\n      0x{:02x}, /* TSFlags */\n      {}, /* SpillStackID */\n      {}, /* HasDisjunctSubRegs */\n      {}, /* CoveredBySubRegs */\n      {},\n      {}\n    }},\n",
                off("Regs", starts[c][0]),
                off("BitSets", starts[c][1]),
                class_strings.get(rc.name.as_bytes()),
                simple_reg_size(rc),
                rc.orders[0].len(),
                starts[c + 1][1] - starts[c][1],
                rc.qualified_id_name(),
                rc.copy_cost,
                rc.allocatable,
                rc.base_class_order.is_some(),
                off("SubClassMasks", starts[c][2]),
                off("SuperRegIdxSeqs", super_idx_seqs.get(&super_idx_lists[c]) as usize),
                mask(rc.lane_mask),
                rc.allocation_priority,
                rc.global_priority,
                rc.ts_flags,
                rc.spill_stack_id,
                rc.has_disjunct_sub_regs,
                rc.covered_by_sub_regs,
                off("SuperClasses", starts[c][3]),
                rc.super_classes.len()
            );
        }
        s.push_str("  },\n  {\n");
        for (c, rc) in bank.classes.iter().enumerate() {
            if rc.orders[0].is_empty() {
                continue;
            }
            let _ = write!(s, "    /* {} */ ", starts[c][0]);
            for &r in &rc.orders[0] {
                let _ = write!(s, "{}, ", bank.registers[r].qualified_name());
            }
            s.push('\n');
        }
        s.push_str("  },\n  {\n");
        for (c, rc) in bank.classes.iter().enumerate() {
            if rc.orders[0].is_empty() {
                continue;
            }
            let _ = write!(s, "    /* {} */ ", starts[c][1]);
            register_bit_set(s, &rc.orders[0]);
            s.push('\n');
        }
        s.push_str("  },\n  {\n");
        for (c, rc) in bank.classes.iter().enumerate() {
            let _ = write!(s, "    // {} {}\n    ", starts[c][2], rc.name);
            bit_vector_hex(s, &rc.sub_classes, 32);
            self.super_reg_class_masks(s, c, "\n    ");
            s.push('\n');
        }
        s.push_str("  },\n  {\n");
        super_idx_seqs.emit(
            s,
            |s, i| {
                let _ = write!(s, "{i}");
            },
            "0",
        );
        s.push_str("  },\n  {\n");
        for (c, rc) in bank.classes.iter().enumerate() {
            let _ = write!(s, "    /* {} {} */ ", starts[c][3], rc.name);
            for &sup in &rc.super_classes {
                let _ = write!(s, "{}, ", bank.classes[sup].qualified_id_name());
            }
            s.push('\n');
        }
        let _ = write!(
            s,
            "  }}\n}};\n\nconst MCRegisterClass &get{t}MCRegisterClass(unsigned RC) {{\n  return {t}MCRegisterClassStorage.Classes[RC];\n}}\n\n"
        );
    }

    /// Each index's super-register class mask for class `c`, after `lead`, then
    /// `// INDEX`.
    fn super_reg_class_masks(&self, s: &mut String, c: usize, lead: &str) {
        let bank = self.bank;
        let nc = bank.classes.len();
        for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
            let Some(supers) = bank.classes[c].super_reg_classes.get(&i) else { continue };
            if !supers.any() {
                continue;
            }
            s.push_str(lead);
            hex_words(s, nc, |b| supers.test(b), 32);
            let _ = write!(s, "// {}", idx.name);
        }
    }

    /// A register's `DwarfNumbers`: none for a register a `RegisterTuples` made (its record
    /// takes `Register`'s defaults for them, not its prototype's).
    fn dwarf_numbers_of(&self, r: usize) -> Result<Vec<i64>> {
        let reg = &self.bank.registers[r];
        match reg.member {
            Member::Tuple(_) => Ok(Vec::new()),
            Member::Record(def) => Ok(self.f.ints(def, "DwarfNumbers")?),
        }
    }

    /// The registers' DWARF numbers, sorted and with duplicates dropped
    /// (`finalizeDwarfRegNumsKeys`), and as `DwarfAlias` changes them; none when no register
    /// has one.
    fn dwarf(&self) -> Result<Option<Dwarf>> {
        let bank = self.bank;
        let mut numbers = Vec::with_capacity(bank.registers.len());
        let mut longest = 0;
        for (r, reg) in bank.registers.iter().enumerate() {
            let list = self.dwarf_numbers_of(r)?;
            longest = longest.max(list.len());
            let position = self.f.int(reg.fields, "PositionOrder")?;
            numbers.push((position, r, list));
        }
        if longest == 0 {
            return Ok(None);
        }
        numbers.sort_by(|a, b| {
            a.0.cmp(&b.0).then_with(|| {
                tdq_models::target::registers::compare_register_names(
                    &bank.registers[a.1].name,
                    &bank.registers[b.1].name,
                )
            })
        });
        numbers.dedup_by(|b, a| bank.registers[a.1].name == bank.registers[b.1].name);
        let numbers: Vec<(usize, Vec<i64>)> = numbers
            .into_iter()
            .map(|(_, r, mut list)| {
                list.resize(longest, -1);
                (r, list)
            })
            .collect();
        let mut aliased = numbers.clone();
        for r in 0..bank.registers.len() {
            let Member::Record(def) = bank.registers[r].member else { continue };
            let Some(value) = self.f.value(def, "DwarfAlias") else { continue };
            let InitKind::Def(alias, ..) = value.value.kind() else { continue };
            let Some(alias) = bank.register_of(*alias) else { continue };
            let Some(from) = numbers.iter().position(|(x, _)| *x == alias) else { continue };
            if let Some(to) = aliased.iter().position(|(x, _)| *x == r) {
                aliased[to].1 = aliased[from].1.clone();
            }
        }
        Ok(Some(Dwarf { numbers, aliased, longest }))
    }

    /// `EmitRegMappingTables`.
    fn dwarf_tables(&self, s: &mut String, declarations_only: bool) {
        let Some(dwarf) = &self.dwarf else { return };
        let bank = self.bank;
        let ns = self.reg_namespace();
        let _ = writeln!(s, "// {ns} Dwarf<->LLVM register mappings.");
        // One table and its size, or their declarations.
        let table = |s: &mut String, name: &str, entries: &dyn Fn(&mut String)| {
            let _ = write!(s, "extern const MCRegisterInfo::DwarfLLVMRegPair {name}[]");
            if declarations_only {
                let _ = write!(s, ";\nextern const unsigned {name}Size;\n\n");
            } else {
                s.push_str(" = {\n");
                entries(s);
                let _ = write!(s, "}};\nextern const unsigned {name}Size = std::size({name});\n\n");
            }
        };
        for flavour in ["DwarfFlavour", "EHFlavour"] {
            for i in 0..dwarf.longest {
                table(s, &format!("{ns}{flavour}{i}Dwarf2L"), &|s| {
                    let by_number: BTreeMap<i64, usize> =
                        dwarf.numbers.iter().filter(|(_, list)| list[i] >= 0).map(|(r, list)| (list[i], *r)).collect();
                    for (number, r) in by_number {
                        let _ = writeln!(s, "  {{ {number}U, {} }},", bank.registers[r].qualified_name());
                    }
                });
            }
        }
        for flavour in ["DwarfFlavour", "EHFlavour"] {
            for i in 0..dwarf.longest {
                table(s, &format!("{ns}{flavour}{i}L2Dwarf"), &|s| {
                    for (r, list) in dwarf.aliased.iter().filter(|(_, list)| list[i] != -1) {
                        let _ = writeln!(s, "  {{ {}, {}U }},", bank.registers[*r].qualified_name(), list[i]);
                    }
                });
            }
        }
    }

    /// `EmitRegMapping`: the switches that install the DWARF tables.
    fn dwarf_mapping(&self, s: &mut String, in_constructor: bool) {
        let Some(dwarf) = &self.dwarf else { return };
        let longest = dwarf.longest;
        let ns = self.reg_namespace();
        let ri = if in_constructor { "" } else { "RI->" };
        for (kind, table) in [("Dwarf2L", "mapDwarfRegsToLLVMRegs"), ("L2Dwarf", "mapLLVMRegsToDwarfRegs")] {
            for (flavour, eh) in [("DwarfFlavour", "false"), ("EHFlavour", "true")] {
                let _ = write!(
                    s,
                    "  switch ({flavour}) {{\n  default:\n    llvm_unreachable(\"Unknown DWARF flavour\");\n"
                );
                for i in 0..longest {
                    let name = format!("{ns}{flavour}{i}{kind}");
                    let _ = write!(s, "  case {i}:\n    {ri}{table}({name}, {name}Size, {eh});\n    break;\n");
                }
                s.push_str("  }\n");
            }
        }
    }

    /// LLVM 23's getters of each `RegisterByHwMode`.
    fn registers_by_hw_mode(&self, s: &mut String) -> Result<()> {
        let by_mode = all_derived_definitions_if_defined(self.input, "RegisterByHwMode");
        if by_mode.is_empty() {
            return Ok(());
        }
        let bank = self.bank;
        let modes = &self.target.hw_modes;
        let mut getters = Vec::new();
        for &rec in &by_mode {
            let reg = RegisterByHwMode::read(self.input, bank, modes, rec)?;
            getters.push((rec, reg.by_mode));
        }
        s.push_str("// Registers by HwMode\n");
        let ns = bank.classes.first().map_or("", |c| c.namespace);
        namespace(s, &format!("{ns}::RegisterByHwMode"), |s| {
            for (rec, by_id) in &getters {
                let name = self.f.name(*rec);
                let _ = write!(s, "LLVM_READONLY MCRegister get{name}(unsigned HwMode) {{\n  switch (HwMode) {{\n");
                for (&m, &r) in by_id {
                    let _ = writeln!(
                        s,
                        "  case {m}: return {}; // {}",
                        bank.registers[r].qualified_name(),
                        modes.mode_name(m)
                    );
                }
                let _ = write!(s, "  default: llvm_unreachable(\"Unhandled HwMode for Register {name}\");\n  }}\n}}\n");
            }
        });
        Ok(())
    }

    /// `runTargetHeader`.
    fn header(&mut self) -> Result<String> {
        let mut s = String::new();
        let bank = self.bank;
        let t = self.name;
        let class_name = format!("{t}GenRegisterInfo");
        let helper = self.form.helper_sections;
        s.push_str("#include \"llvm/CodeGen/TargetRegisterInfo.h\"\n\nnamespace llvm {\n\n");
        let _ = write!(s, "class {t}FrameLowering;\n\n");
        if self.form.class_tables == ClassTables::Storage {
            let _ = write!(s, "extern const {} {t}MCRegisterClassStorage;\n\n", self.storage_type);
        }
        let _ = write!(
            s,
            "struct {class_name} : public TargetRegisterInfo {{\n  explicit {class_name}(unsigned RA, unsigned D = 0, unsigned E = 0,\n      unsigned PC = 0, unsigned HwMode = 0);\n"
        );
        if !bank.sub_reg_indices.is_empty() {
            s.push_str("  unsigned composeSubRegIndicesImpl(unsigned, unsigned) const override;\n");
            if self.form.reverse_compose_and_gp_class {
                s.push_str("  unsigned reverseComposeSubRegIndicesImpl(unsigned, unsigned) const override;\n");
            }
            s.push_str(concat!(
                "  LaneBitmask composeSubRegIndexLaneMaskImpl(unsigned, LaneBitmask) const override;\n",
                "  LaneBitmask reverseComposeSubRegIndexLaneMaskImpl(unsigned, LaneBitmask) const override;\n",
                "  const TargetRegisterClass *getSubClassWithSubReg(const TargetRegisterClass *, unsigned) const override;\n",
                "  const TargetRegisterClass *getSubRegisterClass(const TargetRegisterClass *, unsigned) const override;\n",
            ));
        }
        let unit = if self.form.typed_reg_units { "MCRegUnit" } else { "unsigned" };
        s.push_str("  const RegClassWeight &getRegClassWeight(const TargetRegisterClass *RC) const override;\n");
        let _ = writeln!(s, "  unsigned getRegUnitWeight({unit} RegUnit) const override;");
        s.push_str(concat!(
            "  unsigned getNumRegPressureSets() const override;\n",
            "  const char *getRegPressureSetName(unsigned Idx) const override;\n",
            "  unsigned getRegPressureSetLimit(const MachineFunction &MF, unsigned Idx) const override;\n",
            "  const int *getRegClassPressureSets(const TargetRegisterClass *RC) const override;\n",
        ));
        let _ = writeln!(s, "  const int *getRegUnitPressureSets({unit} RegUnit) const override;");
        s.push_str(concat!(
            "  ArrayRef<const char *> getRegMaskNames() const override;\n",
            "  ArrayRef<const uint32_t *> getRegMasks() const override;\n",
            "  bool isGeneralPurposeRegister(const MachineFunction &, MCRegister) const override;\n",
        ));
        if self.form.reverse_compose_and_gp_class {
            s.push_str("  bool isGeneralPurposeRegisterClass(const TargetRegisterClass *RC) const override;\n");
        }
        s.push_str(concat!(
            "  bool isFixedRegister(const MachineFunction &, MCRegister) const override;\n",
            "  bool isArgumentRegister(const MachineFunction &, MCRegister) const override;\n",
            "  bool isConstantPhysReg(MCRegister PhysReg) const override final;\n",
            "  /// Devirtualized TargetFrameLowering.\n",
        ));
        let _ = write!(s, "  static const {t}FrameLowering *getFrameLowering(\n      const MachineFunction &MF);\n");
        if self.form.minimal_class_and_raw_order && bank.classes.iter().any(|c| !c.alt_order_select.is_empty()) {
            s.push_str("   ArrayRef<MCPhysReg> getRawAllocationOrder(const TargetRegisterClass &RC, const MachineFunction &MF, bool Rev) const override;\n");
        }
        if bank.classes.iter().any(|c| c.base_class_order.is_some()) {
            s.push_str("  const TargetRegisterClass *getPhysRegBaseClass(MCRegister Reg) const override;\n");
        }
        if self.form.minimal_class_and_raw_order && !bank.classes.is_empty() {
            s.push_str("  const TargetRegisterClass *getMinimalPhysRegClass(MCRegister Reg) const override;\n");
        }
        s.push_str("};\n\n");
        if let Some(first) = bank.classes.first() {
            if helper {
                namespace(&mut s, first.namespace, |s| {
                    s.push_str("// Register classes\n");
                    for (i, rc) in bank.classes.iter().enumerate() {
                        let _ = writeln!(
                            s,
                            "static constexpr const TargetRegisterClass &{}RegClass = {t}MCRegisterClassStorage.Classes[{i}];",
                            rc.name
                        );
                    }
                });
            } else {
                let _ = writeln!(s, "namespace {} {{ // Register classes", first.namespace);
                for rc in &bank.classes {
                    let _ = writeln!(s, "  extern const TargetRegisterClass {}RegClass;", rc.name);
                }
                let _ = write!(s, "}} // end namespace {}\n\n", first.namespace);
            }
        }
        if helper {
            s.push_str("\n} // namespace llvm\n");
        } else {
            s.push_str("} // end namespace llvm\n\n");
        }
        Ok(s)
    }

    /// The value types of class `c` in `mode`.
    fn class_vts(&self, c: usize, mode: u32) -> Vec<Mvt> {
        self.bank.classes[c]
            .value_types
            .iter()
            .filter(|vt| vt.has_default() || vt.has_mode(mode))
            .map(|vt| *vt.get(mode))
            .collect()
    }

    /// `runTargetDesc`.
    fn target_desc(&mut self) -> Result<String> {
        let mut s = String::new();
        let bank = self.bank;
        let t = self.name;
        let form = self.form;
        let prefix = if form.prefixed_tables { t } else { "" };
        let class_name = format!("{t}GenRegisterInfo");
        s.push_str("namespace llvm {\n\n");
        match form.class_tables {
            ClassTables::PerClass => {
                let _ = writeln!(s, "extern const MCRegisterClass {t}MCRegisterClasses[];");
            }
            ClassTables::Storage => {
                let _ = writeln!(s, "extern const {} {t}MCRegisterClassStorage;", self.storage_type);
            }
        }
        let mut allocatable = vec![false; bank.registers.len()];
        for rc in bank.classes.iter().filter(|c| c.allocatable) {
            for &r in &rc.orders[0] {
                allocatable[r] = true;
            }
        }
        let num_modes = self.target.hw_modes.num_modes() as u32;
        // The value type lists, ordered by MVT number.
        let vt_key =
            |vts: &[Mvt]| -> Vec<(i64, &'static str)> { vts.iter().map(|v| (v.value.unwrap_or(0), v.name)).collect() };
        let mut vt_seqs: SequenceToOffsetTable<(i64, &'static str)> = SequenceToOffsetTable::default();
        for mode in 0..num_modes {
            for c in 0..bank.classes.len() {
                vt_seqs.add(&vt_key(&self.class_vts(c, mode)));
            }
        }
        vt_seqs.layout();
        let _ = writeln!(s, "\nstatic const MVT::SimpleValueType {prefix}VTLists[] = {{");
        vt_seqs.emit(
            &mut s,
            |s, (_, name)| {
                let _ = write!(s, "MVT::{name}");
            },
            "MVT::Other",
        );
        s.push_str("};\n");
        if form.prefixed_tables {
            let names = strings(bank.sub_reg_indices.iter().map(|i| i.name.as_str()));
            string_literal_def(
                &mut s,
                &names,
                &format!("static constexpr char {t}SubRegIndexStrings[]"),
                self.input.records.release,
            );
            let _ = writeln!(s, "\nstatic constexpr uint32_t {t}SubRegIndexNameOffsets[] = {{");
            for idx in &bank.sub_reg_indices {
                let _ = writeln!(s, "  {}, ", names.get(idx.name.as_bytes()));
            }
            if bank.sub_reg_indices.is_empty() {
                s.push_str("  /* dummy */ 0\n");
            }
            s.push_str("};\n\n");
        } else {
            s.push_str("\nstatic const char *SubRegIndexNameTable[] = { \"");
            for idx in &bank.sub_reg_indices {
                let _ = write!(s, "{}\", \"", idx.name);
            }
            s.push_str("\" };\n\n");
        }
        let unknown = if form.prefixed_tables { u32::MAX } else { u32::from(u16::MAX) };
        let _ = writeln!(s, "static const TargetRegisterInfo::SubRegCoveredBits {prefix}SubRegIdxRangeTable[] = {{");
        for mode in 0..num_modes {
            let _ = writeln!(s, "  {{ {unknown}, {unknown} }},");
            for idx in &bank.sub_reg_indices {
                let range = idx.range.get(mode);
                let _ = writeln!(s, "  {{ {}, {} }},\t// {}", range.offset, range.size, idx.name);
            }
        }
        s.push_str("};\n\n");
        let _ =
            write!(s, "\nstatic const LaneBitmask {prefix}SubRegIndexLaneMaskTable[] = {{\n  LaneBitmask::getAll(),\n");
        for idx in &bank.sub_reg_indices {
            let _ = writeln!(s, "  {}, // {}", mask(idx.lane_mask), idx.name);
        }
        s.push_str(" };\n\n\n");
        if !bank.classes.is_empty() {
            let _ = writeln!(s, "\nstatic const TargetRegisterInfo::RegClassInfo {prefix}RegClassInfos[] = {{");
            for mode in 0..num_modes {
                let mode_name = if mode == 0 { form.default_mode } else { self.target.hw_modes.mode_name(mode) };
                let _ = writeln!(s, "  // Mode = {mode} ({mode_name})");
                for (c, rc) in bank.classes.iter().enumerate() {
                    let ri = rc.rsi.get(mode);
                    let _ = writeln!(
                        s,
                        "  {{ {}, {}, {}, /*{prefix}VTLists+*/{} }},    // {}",
                        ri.reg_size,
                        ri.spill_size,
                        ri.spill_alignment,
                        vt_seqs.get(&vt_key(&self.class_vts(c, mode))),
                        rc.name
                    );
                }
            }
            s.push_str("};\n");
            let mut super_idx_lists = Vec::new();
            let mut super_idx_seqs: SequenceToOffsetTable<usize> = SequenceToOffsetTable::default();
            if form.class_tables == ClassTables::PerClass {
                if form.superclass_pointers {
                    s.push_str("\nstatic const TargetRegisterClass *const NullRegClasses[] = { nullptr };\n\n");
                }
                for (c, rc) in bank.classes.iter().enumerate() {
                    let _ = write!(s, "static const uint32_t {}SubClassMask[] = {{\n  ", rc.name);
                    bit_vector_hex(&mut s, &rc.sub_classes, 32);
                    self.super_reg_class_masks(&mut s, c, "\n  ");
                    let list: Vec<usize> = self.super_reg_indices(c).into_iter().map(|i| i + 1).collect();
                    super_idx_seqs.add(&list);
                    super_idx_lists.push(list);
                    s.push_str("\n};\n\n");
                }
                s.push_str("static const uint16_t SuperRegIdxSeqs[] = {\n");
                super_idx_seqs.layout();
                super_idx_seqs.emit(
                    &mut s,
                    |s, i| {
                        let _ = write!(s, "{i}");
                    },
                    "0",
                );
                s.push_str("};\n\n");
                for rc in &bank.classes {
                    if rc.super_classes.is_empty() {
                        continue;
                    }
                    if form.superclass_pointers {
                        let _ = writeln!(s, "static const TargetRegisterClass *const {}Superclasses[] = {{", rc.name);
                        for &sup in &rc.super_classes {
                            let _ = writeln!(s, "  &{}RegClass,", bank.classes[sup].qualified_name());
                        }
                        s.push_str("  nullptr\n};\n\n");
                    } else {
                        let _ = writeln!(s, "static unsigned const {}Superclasses[] = {{", rc.name);
                        for &sup in &rc.super_classes {
                            let _ = writeln!(s, "  {},", bank.classes[sup].qualified_id_name());
                        }
                        s.push_str("};\n\n");
                    }
                }
            }
            let (rev, rev_arg) = if form.alt_order_rev { (", bool Rev", ", Rev") } else { ("", "") };
            for rc in bank.classes.iter().filter(|c| !c.alt_order_select.is_empty()) {
                let name = &rc.name;
                let _ = write!(
                    s,
                    "\nstatic inline unsigned {name}AltOrderSelect(const MachineFunction &MF{rev}) {{{}}}\n\n",
                    rc.alt_order_select
                );
                match form.class_tables {
                    ClassTables::PerClass => {
                        let _ = writeln!(
                            s,
                            "static ArrayRef<MCPhysReg> {name}GetRawAllocationOrder(const MachineFunction &MF{rev}) {{"
                        );
                    }
                    ClassTables::Storage => {
                        let _ = writeln!(
                            s,
                            "static ArrayRef<MCPhysReg> {name}GetRawAllocationOrder(const TargetRegisterClass &RC, const MachineFunction &MF, bool Rev) {{"
                        );
                    }
                }
                for (oi, order) in rc.orders.iter().enumerate().skip(1) {
                    if order.is_empty() {
                        continue;
                    }
                    let _ = write!(s, "  static const MCPhysReg AltOrder{oi}[] = {{");
                    for (k, &r) in order.iter().enumerate() {
                        let _ = write!(s, "{}{}", if k == 0 { " " } else { ", " }, bank.registers[r].qualified_name());
                    }
                    s.push_str(" };\n");
                }
                match form.class_tables {
                    ClassTables::PerClass => {
                        let _ = write!(
                            s,
                            "  const MCRegisterClass &MCR = {t}MCRegisterClasses[{}RegClassID];\n  const ArrayRef<MCPhysReg> Order[] = {{\n    ArrayRef(MCR.begin(), MCR.getNumRegs()",
                            rc.qualified_name()
                        );
                    }
                    ClassTables::Storage => s.push_str("  const ArrayRef<MCPhysReg> Order[] = {\n    RC.getRegisters("),
                }
                for (oi, order) in rc.orders.iter().enumerate().skip(1) {
                    if order.is_empty() {
                        s.push_str("),\n    ArrayRef<MCPhysReg>(");
                    } else {
                        let _ = write!(s, "),\n    ArrayRef(AltOrder{oi}");
                    }
                }
                let _ = write!(
                    s,
                    ")\n  }};\n  const unsigned Select = {name}AltOrderSelect(MF{rev_arg});\n  assert(Select < {});\n  return Order[Select];\n}}\n",
                    rc.orders.len()
                );
            }
            if form.class_tables == ClassTables::PerClass {
                let ns = bank.classes[0].namespace;
                let _ = writeln!(s, "\nnamespace {ns} {{   // Register class instances");
                for (c, rc) in bank.classes.iter().enumerate() {
                    let _ = write!(
                        s,
                        "  extern const TargetRegisterClass {}RegClass = {{\n    &{t}MCRegisterClasses[{}RegClassID],\n    {}SubClassMask,\n    SuperRegIdxSeqs + {},\n    {},\n    {},\n    {},\n    0x{:02x}, /* TSFlags */\n    {}, /* HasDisjunctSubRegs */\n    {}, /* CoveredBySubRegs */\n    ",
                        rc.name,
                        rc.name,
                        rc.name,
                        super_idx_seqs.get(&super_idx_lists[c]),
                        mask(rc.lane_mask),
                        rc.allocation_priority,
                        rc.global_priority,
                        rc.ts_flags,
                        rc.has_disjunct_sub_regs,
                        rc.covered_by_sub_regs
                    );
                    if form.superclass_pointers {
                        if rc.super_classes.is_empty() {
                            s.push_str("NullRegClasses,\n    ");
                        } else {
                            let _ = write!(s, "{}Superclasses,\n    ", rc.name);
                        }
                    } else {
                        if rc.super_classes.is_empty() {
                            s.push_str("nullptr, ");
                        } else {
                            let _ = write!(s, "{}Superclasses,  ", rc.name);
                        }
                        let _ = write!(s, "{},\n    ", rc.super_classes.len());
                    }
                    if rc.alt_order_select.is_empty() {
                        s.push_str("nullptr\n");
                    } else {
                        let _ = writeln!(s, "{}GetRawAllocationOrder", rc.name);
                    }
                    s.push_str("  };\n\n");
                }
                let _ = writeln!(s, "}} // end namespace {ns}");
            }
        }
        if form.class_tables == ClassTables::PerClass {
            s.push_str("\nnamespace {\n  const TargetRegisterClass *const RegisterClasses[] = {\n");
            for rc in &bank.classes {
                let _ = writeln!(s, "    &{}RegClass,", rc.qualified_name());
            }
            s.push_str("  };\n} // end anonymous namespace\n");
        }
        // Costs per use and membership of allocatable classes.
        let num_costs = bank.registers.iter().map(|r| r.cost_per_use.len()).max().unwrap_or(0).max(1);
        let mut costs = vec![0i64; num_costs];
        for reg in &bank.registers {
            costs.extend(reg.cost_per_use.iter().copied());
            costs.extend(std::iter::repeat_n(0, num_costs.saturating_sub(reg.cost_per_use.len())));
        }
        let _ = write!(s, "\nstatic const uint8_t {prefix}CostPerUseTable[] = {{ \n");
        for i in 0..num_costs {
            let mut j = i;
            while j < costs.len() {
                let _ = write!(s, "{}, ", costs[j] as u32);
                j += num_costs;
            }
        }
        s.push_str("};\n\n");
        let _ = write!(s, "\nstatic const bool {prefix}InAllocatableClassTable[] = {{ \n");
        s.push_str("false, ");
        for &a in &allocatable {
            let _ = write!(s, "{a}, ");
        }
        s.push_str("};\n\n");
        let _ = write!(
            s,
            "\nstatic const TargetRegisterInfoDesc {t}RegInfoDesc = {{ // Extra Descriptors\n{prefix}CostPerUseTable, {num_costs}, {prefix}InAllocatableClassTable}};\n\n"
        );
        let n_idx = bank.sub_reg_indices.len();
        if n_idx > 0 {
            self.compose_sub_reg_indices(&mut s, &class_name);
            self.compose_lane_masks(&mut s, &class_name);
            self.sub_class_tables(&mut s, &class_name)?;
        }
        self.unit_pressure(&mut s, &class_name);
        if form.minimal_class_and_raw_order && bank.classes.iter().any(|c| !c.alt_order_select.is_empty()) {
            let _ = write!(
                s,
                "ArrayRef<MCPhysReg> {class_name}::getRawAllocationOrder(const TargetRegisterClass &RC, const MachineFunction &MF, bool Rev) const {{\n  switch (RC.getID()) {{\n"
            );
            for rc in bank.classes.iter().filter(|c| !c.alt_order_select.is_empty()) {
                let _ = write!(
                    s,
                    "  case {}:\n    return {}GetRawAllocationOrder(RC, MF, Rev);\n",
                    rc.qualified_id_name(),
                    rc.name
                );
            }
            s.push_str("  }\n  return RC.getRegisters();\n}\n\n");
        }
        let class_by_id = match form.class_tables {
            ClassTables::PerClass => "RegisterClasses[RCID]".to_string(),
            ClassTables::Storage => format!("&{t}MCRegisterClassStorage.Classes[RCID]"),
        };
        let mut base_classes: Vec<usize> =
            (0..bank.classes.len()).filter(|&c| bank.classes[c].base_class_order.is_some()).collect();
        if !base_classes.is_empty() {
            base_classes.sort_by_key(|&c| (bank.classes[c].base_class_order, c));
            let _ = write!(
                s,
                "\n// Register to base register class mapping\n\n\nconst TargetRegisterClass *{class_name}::getPhysRegBaseClass(MCRegister Reg) const {{\n"
            );
            self.class_mapping(&mut s, &class_by_id, |r| {
                base_classes.iter().copied().find(|&c| bank.classes[c].contains(r))
            });
        }
        if form.minimal_class_and_raw_order && !bank.classes.is_empty() {
            let _ = write!(
                s,
                "\n// Register to minimal register class mapping\n\nconst TargetRegisterClass *{class_name}::getMinimalPhysRegClass(MCRegister Reg) const {{\n"
            );
            self.class_mapping(&mut s, &class_by_id, |r| {
                let mut minimal: Option<usize> = None;
                for (c, rc) in bank.classes.iter().enumerate() {
                    if rc.contains(r) && minimal.is_none_or(|m| bank.classes[m].has_sub_class(c)) {
                        minimal = Some(c);
                    }
                }
                minimal
            });
        }
        for decl in [
            "MCRegisterDesc {t}RegDesc[]",
            "int16_t {t}RegDiffLists[]",
            "LaneBitmask {t}LaneMaskLists[]",
            "char {t}RegStrings[]",
            "char {t}RegClassStrings[]",
            "MCPhysReg {t}RegUnitRoots[][2]",
            "uint16_t {t}SubRegIdxLists[]",
            "uint16_t {t}RegEncodingTable[]",
        ] {
            let _ = writeln!(s, "extern const {};", decl.replace("{t}", t));
        }
        if self.info.registers_are_intervals {
            let _ = writeln!(s, "extern const unsigned {t}RegUnitIntervals[][2];");
        }
        self.dwarf_tables(&mut s, true);
        let n_regs = bank.registers.len() + 1;
        let n_classes = bank.classes.len();
        let units = bank.num_native_reg_units;
        match form.class_tables {
            ClassTables::PerClass => {
                let _ = write!(
                    s,
                    "{class_name}::\n{class_name}(unsigned RA, unsigned DwarfFlavour, unsigned EHFlavour,\n      unsigned PC, unsigned HwMode)\n  : TargetRegisterInfo(&{t}RegInfoDesc, RegisterClasses, RegisterClasses+{n_classes},\n             SubRegIndexNameTable, SubRegIdxRangeTable, SubRegIndexLaneMaskTable,\n             {}, RegClassInfos, VTLists, HwMode) {{\n  InitMCRegisterInfo({t}RegDesc, {n_regs}, RA, PC,\n                     {t}MCRegisterClasses, {n_classes},\n                     {t}RegUnitRoots,\n                     {units},\n                     {t}RegDiffLists,\n                     {t}LaneMaskLists,\n                     {t}RegStrings,\n                     {t}RegClassStrings,\n                     {t}SubRegIdxLists,\n                     {},\n                     {t}RegEncodingTable);\n\n",
                    mask(self.info.covering_lanes),
                    n_idx + 1
                );
            }
            ClassTables::Storage => {
                let intervals =
                    if self.info.registers_are_intervals { format!("{t}RegUnitIntervals") } else { "nullptr".into() };
                let _ = write!(
                    s,
                    "\n{class_name}::\n{class_name}(unsigned RA, unsigned DwarfFlavour, unsigned EHFlavour,\n    unsigned PC, unsigned HwMode)\n  : TargetRegisterInfo(&{t}RegInfoDesc,\n      {t}SubRegIndexStrings, {t}SubRegIndexNameOffsets,\n      {t}SubRegIdxRangeTable, {t}SubRegIndexLaneMaskTable,\n\n  {}, {t}RegClassInfos, {t}VTLists, HwMode) {{\n  InitMCRegisterInfo({t}RegDesc, {n_regs}, RA, PC,\n    &get{t}MCRegisterClass(0), {n_classes}, {t}RegUnitRoots, {units}, {t}RegDiffLists,\n    {t}LaneMaskLists, {t}RegStrings, {t}RegClassStrings, {t}SubRegIdxLists, {},\n    {t}RegEncodingTable, {intervals});\n\n",
                    mask(self.info.covering_lanes),
                    n_idx + 1
                );
            }
        }
        self.dwarf_mapping(&mut s, true);
        s.push_str("}\n\n");
        self.callee_saved(&mut s, &class_name)?;
        let _ = write!(
            s,
            "const {t}FrameLowering *\n{t}GenRegisterInfo::getFrameLowering(const MachineFunction &MF) {{\n  return static_cast<const {t}FrameLowering *>(\n      MF.getSubtarget().getFrameLowering());\n}}\n\n"
        );
        if form.helper_sections {
            s.push_str("\n} // namespace llvm\n");
        } else {
            s.push_str("} // end namespace llvm\n\n");
        }
        Ok(s)
    }

    /// A register-to-class `Mapping` table and its lookup.
    fn class_mapping(&self, s: &mut String, class_by_id: &str, pick: impl Fn(usize) -> Option<usize>) {
        let bank = self.bank;
        let reg_index = if self.form.mapping_by_id { "Reg.id()" } else { "Reg" };
        let _ = write!(
            s,
            "  static const uint16_t InvalidRegClassID = UINT16_MAX;\n\n  static const uint16_t Mapping[{}] = {{\n    InvalidRegClassID,  // NoRegister\n",
            bank.registers.len() + 1
        );
        for (r, reg) in bank.registers.iter().enumerate() {
            let id = pick(r).map_or("InvalidRegClassID".to_string(), |c| bank.classes[c].qualified_id_name());
            let _ = writeln!(s, "    {id},  // {}", reg.name);
        }
        let _ = write!(
            s,
            "  }};\n\n  assert(Reg < ArrayRef(Mapping).size());\n  unsigned RCID = Mapping[{reg_index}];\n  if (RCID == InvalidRegClassID)\n    return nullptr;\n  return {class_by_id};\n}}\n"
        );
    }

    /// `emitComposeSubRegIndices`.
    fn compose_sub_reg_indices(&self, s: &mut String, class_name: &str) {
        let indices = &self.bank.sub_reg_indices;
        let n = indices.len();
        let mut rows: Vec<Vec<Option<usize>>> = Vec::new();
        let mut row_map = Vec::with_capacity(n);
        let combine = |row: &mut Vec<Option<usize>>, i: usize| -> bool {
            if indices[i].composed.iter().any(|(a, b)| row[a].is_some_and(|e| e != b)) {
                return false;
            }
            for (a, b) in indices[i].composed.iter() {
                row[a] = Some(b);
            }
            true
        };
        for i in 0..n {
            let found = rows.iter_mut().position(|row| combine(row, i));
            let found = found.unwrap_or_else(|| {
                let mut row = vec![None; n];
                combine(&mut row, i);
                rows.push(row);
                rows.len() - 1
            });
            row_map.push(found);
        }
        let _ = writeln!(s, "unsigned {class_name}::composeSubRegIndicesImpl(unsigned IdxA, unsigned IdxB) const {{");
        if rows.len() > 1 {
            let _ = write!(s, "  static const {} RowMap[{n}] = {{\n    ", minimal_type(rows.len() as u64));
            for r in &row_map {
                let _ = write!(s, "{r}, ");
            }
            s.push_str("\n  };\n");
        }
        let _ = writeln!(s, "  static const {} Rows[{}][{n}] = {{", minimal_type(n as u64 + 1), rows.len());
        for row in &rows {
            s.push_str("    { ");
            for e in row {
                match e {
                    Some(i) => {
                        let _ = write!(s, "{}, ", indices[*i].qualified_name());
                    }
                    None => s.push_str("0, "),
                }
            }
            s.push_str("},\n");
        }
        s.push_str("  };\n\n");
        let _ = write!(s, "  --IdxA; assert(IdxA < {n}); (void) IdxA;\n  --IdxB; assert(IdxB < {n});\n");
        if rows.len() > 1 {
            s.push_str("  return Rows[RowMap[IdxA]][IdxB];\n");
        } else {
            s.push_str("  return Rows[0][IdxB];\n");
        }
        s.push_str("}\n\n");
        if !self.form.reverse_compose_and_gp_class {
            return;
        }
        let _ = writeln!(
            s,
            "unsigned {class_name}::reverseComposeSubRegIndicesImpl(unsigned IdxA, unsigned IdxB) const {{"
        );
        let _ = writeln!(s, "  static const {} Table[{n}][{n}] = {{", minimal_type(n as u64 + 1));
        for a in 0..n {
            s.push_str("    { ");
            let row = &rows[row_map[a]];
            for b in 0..n {
                let mut found: Option<usize> = None;
                for (i, e) in row.iter().enumerate() {
                    if *e == Some(b) {
                        if found.is_some_and(|f| f != i) {
                            break;
                        }
                        found = Some(i);
                    }
                }
                match found {
                    Some(i) => {
                        let _ = write!(s, "{}, ", indices[i].qualified_name());
                    }
                    None => s.push_str("0, "),
                }
            }
            s.push_str("},\n");
        }
        let _ = write!(s, "  }};\n\n  --IdxA; assert(IdxA < {n});\n  --IdxB; assert(IdxB < {n});\n  return Table[IdxA][IdxB];\n  }}\n\n");
    }

    /// `emitComposeSubRegIndexLaneMask`.
    fn compose_lane_masks(&self, s: &mut String, class_name: &str) {
        let indices = &self.bank.sub_reg_indices;
        let mut sequences: Vec<&[(LaneMask, u8)]> = Vec::new();
        let mut starts = Vec::with_capacity(indices.len());
        for idx in indices {
            let seq = idx.lane_mask_transform.as_slice();
            let mut at = 0;
            let mut found = None;
            for existing in &sequences {
                if *existing == seq {
                    found = Some(at);
                    break;
                }
                at += existing.len() + 1;
            }
            starts.push(found.unwrap_or_else(|| {
                sequences.push(seq);
                at
            }));
        }
        s.push_str("  struct MaskRolOp {\n    LaneBitmask Mask;\n    uint8_t  RotateLeft;\n  };\n  static const MaskRolOp LaneMaskComposeSequences[] = {\n");
        let mut at = 0;
        for (k, seq) in sequences.iter().enumerate() {
            s.push_str("    ");
            for (m, rot) in seq.iter() {
                let _ = write!(s, "{{ {}, {rot:>2} }}, ", mask(*m));
            }
            s.push_str("{ LaneBitmask::getNone(), 0 }");
            if k + 1 != sequences.len() {
                s.push_str(", ");
            }
            let _ = writeln!(s, "  // Sequence {at}");
            at += seq.len() + 1;
        }
        let max = starts.iter().copied().max().unwrap_or(0);
        let _ = writeln!(s, "  }};\n  static const {} CompositeSequences[] = {{", minimal_type(max as u64));
        for (i, idx) in indices.iter().enumerate() {
            let comma = if i + 1 != indices.len() { "," } else { "" };
            let _ = writeln!(s, "    {}{comma} // to {}", starts[i], idx.name);
        }
        s.push_str("  };\n\n");
        let n = indices.len();
        let _ = write!(
            s,
            "LaneBitmask {class_name}::composeSubRegIndexLaneMaskImpl(unsigned IdxA, LaneBitmask LaneMask) const {{\n  --IdxA; assert(IdxA < {n} && \"Subregister index out of bounds\");\n  LaneBitmask Result;\n  for (const MaskRolOp *Ops =\n       &LaneMaskComposeSequences[CompositeSequences[IdxA]];\n       Ops->Mask.any(); ++Ops) {{\n    LaneBitmask::Type M = LaneMask.getAsInteger() & Ops->Mask.getAsInteger();\n    if (unsigned S = Ops->RotateLeft)\n      Result |= LaneBitmask((M << S) | (M >> (LaneBitmask::BitWidth - S)));\n    else\n      Result |= LaneBitmask(M);\n  }}\n  return Result;\n}}\n\n"
        );
        let _ = write!(
            s,
            "LaneBitmask {class_name}::reverseComposeSubRegIndexLaneMaskImpl(unsigned IdxA,  LaneBitmask LaneMask) const {{\n  LaneMask &= getSubRegIndexLaneMask(IdxA);\n  --IdxA; assert(IdxA < {n} && \"Subregister index out of bounds\");\n  LaneBitmask Result;\n  for (const MaskRolOp *Ops =\n       &LaneMaskComposeSequences[CompositeSequences[IdxA]];\n       Ops->Mask.any(); ++Ops) {{\n    LaneBitmask::Type M = LaneMask.getAsInteger();\n    if (unsigned S = Ops->RotateLeft)\n      Result |= LaneBitmask((M >> S) | (M << (LaneBitmask::BitWidth - S)));\n    else\n      Result |= LaneBitmask(M);\n  }}\n  return Result;\n}}\n\n"
        );
    }

    /// `getSubClassWithSubReg` and `getSubRegisterClass`.
    fn sub_class_tables(&self, s: &mut String, class_name: &str) -> Result<()> {
        let bank = self.bank;
        let nc = bank.classes.len();
        let n_idx = bank.sub_reg_indices.len();
        let table_decl = if self.form.constexpr_class_tables {
            format!("  static constexpr {} Table[{nc}][{n_idx}] = {{\n", minimal_type(nc as u64 + 1))
        } else if nc <= 0xFF {
            format!("  static const uint8_t Table[{nc}][{n_idx}] = {{\n")
        } else if nc <= 0xFFFF {
            format!("  static const uint16_t Table[{nc}][{n_idx}] = {{\n")
        } else {
            return Err(Fatal::new(&[], "Too many register classes.").into());
        };
        let lookup = if self.form.constexpr_class_tables {
            format!(
                "\n  }};\n  assert(RC && \"Missing regclass\");\n  if (!Idx) return RC;\n  --Idx;\n  assert(Idx < {n_idx} && \"Bad subreg\");\n  unsigned TV = Table[RC->getID()][Idx];\n  return TV ? getRegClass(TV - 1) : nullptr;\n}}"
            )
        } else {
            format!(
                "  }};\n  assert(RC && \"Missing regclass\");\n  if (!Idx) return RC;\n  --Idx;\n  assert(Idx < {n_idx} && \"Bad subreg\");\n  unsigned TV = Table[RC->getID()][Idx];\n  return TV ? getRegClass(TV - 1) : nullptr;\n}}\n\n"
            )
        };
        let _ = writeln!(
            s,
            "const TargetRegisterClass *{class_name}::getSubClassWithSubReg(const TargetRegisterClass *RC, unsigned Idx) const {{"
        );
        s.push_str(&table_decl);
        for rc in &bank.classes {
            let _ = writeln!(s, "    {{\t// {}", rc.name);
            for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
                match rc.sub_class_with_sub_reg.get(&i) {
                    Some(&src) => {
                        let _ = writeln!(s, "      {},\t// {} -> {}", src + 1, idx.name, bank.classes[src].name);
                    }
                    None => {
                        let _ = writeln!(s, "      0,\t// {}", idx.name);
                    }
                }
            }
            s.push_str("    },\n");
        }
        s.push_str(&lookup);
        let _ = writeln!(
            s,
            "const TargetRegisterClass *{class_name}::getSubRegisterClass(const TargetRegisterClass *RC, unsigned Idx) const {{"
        );
        s.push_str(&table_decl);
        let by_size = self.info.super_reg_classes_by_size();
        for (c, rc) in bank.classes.iter().enumerate() {
            let _ = writeln!(s, "    {{\t// {}", rc.name);
            let matching = self.info.matching_sub_classes(c, &by_size);
            for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
                match matching[i] {
                    Some((_, sub)) => {
                        let _ = writeln!(
                            s,
                            "      {},\t// {}:{} -> {}",
                            sub + 1,
                            rc.name,
                            idx.name,
                            bank.classes[sub].name
                        );
                    }
                    None => {
                        let _ = writeln!(s, "      0,\t// {}:{}", rc.name, idx.name);
                    }
                }
            }
            s.push_str("    },\n");
        }
        s.push_str(&lookup);
        Ok(())
    }

    /// `EmitRegUnitPressure`.
    fn unit_pressure(&self, s: &mut String, class_name: &str) {
        let (unit_param, unit_index) = if self.form.typed_reg_units {
            ("MCRegUnit RegUnit", "static_cast<unsigned>(RegUnit)")
        } else {
            ("unsigned RegUnit", "RegUnit")
        };
        let info = self.info;
        let bank = self.bank;
        let _ = write!(
            s,
            "/// Get the weight in units of pressure for this register class.\nconst RegClassWeight &{class_name}::\ngetRegClassWeight(const TargetRegisterClass *RC) const {{\n  static const RegClassWeight RCWeightTable[] = {{\n"
        );
        for (c, rc) in bank.classes.iter().enumerate() {
            let units_weight =
                if rc.members.is_empty() || rc.artificial { 0 } else { info.unit_set_weight(&info.class_unit_set(c)) };
            let _ = writeln!(s, "    {{{}, {units_weight}}},  \t// {}", info.class_weight(c), rc.name);
        }
        s.push_str("  };\n  return RCWeightTable[RC->getID()];\n}\n\n");
        let native = bank.num_native_reg_units;
        let unit_weights = bank.reg_units[..native].iter().all(|u| u.weight <= 1);
        let _ = write!(
            s,
            "/// Get the weight in units of pressure for this register unit.\nunsigned {class_name}::\ngetRegUnitWeight({unit_param}) const {{\n  assert({unit_index} < {native} && \"invalid register unit\");\n"
        );
        if unit_weights {
            s.push_str("  // All register units have unit weight.\n  return 1;\n");
        } else {
            s.push_str("  static const uint8_t RUWeightTable[] = {\n    ");
            for u in &bank.reg_units[..native] {
                let _ = write!(s, "{}, ", u.weight);
            }
            let _ = writeln!(s, "}};\n  return RUWeightTable[{unit_index}];");
        }
        s.push_str("}\n\n");
        let num_sets = info.pressure_sets.len();
        let _ = write!(
            s,
            "\n// Get the number of dimensions of register pressure.\nunsigned {class_name}::getNumRegPressureSets() const {{\n  return {num_sets};\n}}\n\n"
        );
        let _ = write!(
            s,
            "// Get the name of this register unit pressure set.\nconst char *{class_name}::\ngetRegPressureSetName(unsigned Idx) const {{\n  static const char *PressureNameTable[] = {{\n"
        );
        let mut max_weight = 0;
        for i in 0..num_sets {
            let set = info.pressure_set_at(i);
            max_weight = max_weight.max(set.weight);
            let _ = writeln!(s, "    \"{}\",", set.name);
        }
        s.push_str("  };\n  return PressureNameTable[Idx];\n}\n\n");
        let _ = write!(
            s,
            "// Get the register unit pressure limit for this dimension.\n// This limit must be adjusted dynamically for reserved registers.\nunsigned {class_name}::\ngetRegPressureSetLimit(const MachineFunction &MF, unsigned Idx) const {{\n  static const {} PressureLimitTable[] = {{\n",
            minimal_type(u64::from(max_weight))
        );
        for i in 0..num_sets {
            let set = info.pressure_set_at(i);
            let _ = writeln!(s, "    {},  \t// {i}: {}", set.weight, set.name);
        }
        s.push_str("  };\n  return PressureLimitTable[Idx];\n}\n\n");
        let mut seqs: SequenceToOffsetTable<i64> = SequenceToOffsetTable::default();
        let lists: Vec<Vec<i64>> = info
            .class_pressure_sets
            .iter()
            .map(|ids| {
                let mut orders: Vec<i64> = ids.iter().map(|&id| info.pressure_sets[id].order as i64).collect();
                orders.sort_unstable();
                orders
            })
            .collect();
        for list in &lists {
            seqs.add(list);
        }
        seqs.layout();
        s.push_str("/// Table of pressure sets per register class or unit.\nstatic const int RCSetsTable[] = {\n");
        seqs.emit(
            s,
            |s, v| {
                let _ = write!(s, "{v}");
            },
            "-1",
        );
        s.push_str("};\n\n");
        let start_type = minimal_type(u64::from(seqs.size().saturating_sub(1)));
        let _ = write!(
            s,
            "/// Get the dimensions of register pressure impacted by this register class.\n/// Returns a -1 terminated array of pressure set IDs\nconst int *{class_name}::\ngetRegClassPressureSets(const TargetRegisterClass *RC) const {{\n  static const {start_type} RCSetStartTable[] = {{\n    "
        );
        for list in lists.iter().take(bank.classes.len()) {
            let _ = write!(s, "{},", seqs.get(list));
        }
        s.push_str("};\n  return &RCSetsTable[RCSetStartTable[RC->getID()]];\n}\n\n");
        let _ = write!(
            s,
            "/// Get the dimensions of register pressure impacted by this register unit.\n/// Returns a -1 terminated array of pressure set IDs\nconst int *{class_name}::\ngetRegUnitPressureSets({unit_param}) const {{\n  assert({unit_index} < {native} && \"invalid register unit\");\n  static const {start_type} RUSetStartTable[] = {{\n    "
        );
        for u in &bank.reg_units[..native] {
            let _ = write!(s, "{},", seqs.get(&lists[u.reg_class_unit_sets_index]));
        }
        let _ = write!(s, "}};\n  return &RCSetsTable[RUSetStartTable[{unit_index}]];\n}}\n\n");
    }

    /// The `CalleeSavedRegs` lists and masks, the mask getters and the category predicates.
    fn callee_saved(&self, s: &mut String, class_name: &str) -> Result<()> {
        let bank = self.bank;
        let input = self.input;
        let csr_sets = all_derived_definitions_if_defined(input, "CalleeSavedRegs");
        let expanders = [("RegisterClass", "MemberList"), ("CalleeSavedRegs", "SaveList")];
        let mut sets = SetTheory::new(input, &expanders).expand_tuples();
        let to_register = |sets: &SetTheory, m| -> Result<usize> {
            let name = sets.name(m);
            bank.position_of(&name).ok_or_else(|| Fatal::new(&[], format!("{name} is not a register")).into())
        };
        let constants: Vec<usize> = (0..bank.registers.len()).filter(|&r| bank.registers[r].constant).collect();
        for &csr in &csr_sets {
            let members = sets.expand(csr)?.unwrap_or_default();
            let mut regs = Vec::with_capacity(members.len());
            for &m in members.iter() {
                regs.push(to_register(&sets, m)?);
            }
            let name = self.f.name(csr);
            let _ = write!(s, "static const MCPhysReg {name}_SaveList[] = {{ ");
            for &r in &regs {
                let _ = write!(s, "{}, ", bank.registers[r].qualified_name());
            }
            s.push_str("0 };\n");
            let mut covered = bank.covered_registers(&regs);
            let other = self.f.init(csr, "OtherPreserved")?;
            if matches!(other.kind(), InitKind::Dag(..)) {
                let locs = input.records.get(csr).locs.clone();
                let members = sets.evaluate_members(other, &locs)?;
                let mut extra = Vec::with_capacity(members.len());
                for m in members {
                    extra.push(to_register(&sets, m)?);
                }
                or_into(&mut covered, &bank.covered_registers(&extra));
            }
            or_into(&mut covered, &bank.covered_registers(&constants));
            let _ = write!(s, "static const uint32_t {name}_RegMask[] = {{ ");
            hex_words(s, covered.len(), |i| covered[i], 32);
            s.push_str("};\n");
        }
        s.push_str("\n\n");
        let names: Vec<&str> = csr_sets.iter().map(|&csr| self.f.name(csr)).collect();
        self.array_ref_getter(
            s,
            "const uint32_t *",
            &format!("{class_name}::getRegMasks"),
            "const uint32_t *const Masks",
            &names,
            |s, name| {
                let _ = write!(s, "{name}_RegMask");
            },
        );
        let category = |name: &str| bank.categories.iter().find(|c| c.name == name);
        for (function, signature, category_name, test) in [
            (
                "isGeneralPurposeRegister",
                "const MachineFunction &MF, MCRegister PhysReg",
                "GeneralPurposeRegisters",
                "contains(PhysReg)",
            ),
            (
                "isGeneralPurposeRegisterClass",
                "const TargetRegisterClass *RC",
                "GeneralPurposeRegisters",
                "hasSubClassEq(RC)",
            ),
            ("isFixedRegister", "const MachineFunction &MF, MCRegister PhysReg", "FixedRegisters", "contains(PhysReg)"),
            (
                "isArgumentRegister",
                "const MachineFunction &MF, MCRegister PhysReg",
                "ArgumentRegisters",
                "contains(PhysReg)",
            ),
        ] {
            if function == "isGeneralPurposeRegisterClass" && !self.form.reverse_compose_and_gp_class {
                continue;
            }
            let _ = write!(s, "bool {class_name}::\n{function}({signature}) const {{\n  return\n");
            if let Some(cat) = category(category_name) {
                for &c in &cat.classes {
                    let _ = writeln!(s, "      {}RegClass.{test} ||", bank.classes[c].qualified_name());
                }
            }
            s.push_str("      false;\n}\n\n");
        }
        let _ = write!(s, "bool {class_name}::\nisConstantPhysReg(MCRegister PhysReg) const {{\n  return\n");
        for &r in &constants {
            let _ = writeln!(s, "      PhysReg == {} ||", bank.registers[r].qualified_name());
        }
        s.push_str("      false;\n}\n\n");
        self.array_ref_getter(
            s,
            "const char *",
            &format!("{class_name}::getRegMaskNames"),
            "const char *Names",
            &names,
            |s, name| {
                let _ = write!(s, "\"{name}\"");
            },
        );
        Ok(())
    }
}

impl Emitter<'_> {
    /// `ArrayRef<ELEMENT> FUNCTION() const`, returning a static array `ARRAY[]` of one entry
    /// per name (`{}` when there are none).
    fn array_ref_getter(
        &self,
        s: &mut String,
        element: &str,
        function: &str,
        array: &str,
        names: &[&str],
        entry: impl Fn(&mut String, &str),
    ) {
        let _ = writeln!(s, "ArrayRef<{element}> {function}() const {{");
        if names.is_empty() {
            let _ = writeln!(s, "  return {};", self.form.empty_array_ref);
        } else {
            let _ = writeln!(s, "  static {array}[] = {{");
            for name in names {
                s.push_str("    ");
                entry(s, name);
                s.push_str(",\n");
            }
            let variable = array.rsplit([' ', '*']).next().unwrap_or(array);
            let _ = write!(s, "  }};\n  return ArrayRef({variable});\n");
        }
        s.push_str("}\n\n");
    }
}

impl Emitter<'_> {
    /// `debugDump`: each register class, sub-register index and register with what the model
    /// derived for it, in the bank's order.
    fn debug_dump(&self) -> String {
        let (bank, debug) = (self.bank, &self.form.debug);
        let mut s = String::new();
        for (c, rc) in bank.classes.iter().enumerate() {
            let _ = writeln!(s, "RegisterClass {}:", rc.name);
            let _ = writeln!(s, "\tSpillSize: {}", self.dump_by_mode(&rc.rsi, |r| r.spill_size));
            let _ = writeln!(s, "\tSpillAlignment: {}", self.dump_by_mode(&rc.rsi, |r| r.spill_alignment));
            let _ = writeln!(s, "\tNumRegs: {}", rc.members.len());
            let _ = writeln!(s, "\tLaneMask: {:016X}", rc.lane_mask);
            let _ = writeln!(s, "\tHasDisjunctSubRegs: {}", u8::from(rc.has_disjunct_sub_regs));
            let _ = writeln!(s, "\tCoveredBySubRegs: {}", u8::from(rc.covered_by_sub_regs));
            let _ = writeln!(s, "\tAllocatable: {}", u8::from(rc.allocatable));
            let _ = writeln!(s, "\tAllocationPriority: {}", rc.allocation_priority);
            if debug.class_weight {
                let _ = writeln!(s, "\tWeight: {}", self.info.class_weight(c));
            }
            match rc.base_class_order {
                Some(order) => {
                    let _ = writeln!(s, "\tBaseClassOrder: {order}");
                }
                None => s.push_str("\tBaseClassOrder: None\n"),
            }
            s.push_str("\tRegs:");
            for &r in &rc.members {
                let _ = write!(s, " {}", bank.registers[r].name);
            }
            s.push_str("\n\tSubClasses:");
            for (sub, sub_rc) in bank.classes.iter().enumerate() {
                if rc.sub_classes.test(sub) {
                    let _ = write!(s, " {}", sub_rc.name);
                }
            }
            s.push_str("\n\tSuperClasses:");
            for &sup in &rc.super_classes {
                let _ = write!(s, " {}", bank.classes[sup].name);
            }
            s.push('\n');
            if debug.artificial && rc.artificial {
                s.push_str("\tArtificial: 1\n");
            }
        }
        for idx in &bank.sub_reg_indices {
            let _ = writeln!(s, "SubRegIndex {}:", idx.name);
            let _ = writeln!(s, "\tLaneMask: {:016X}", idx.lane_mask);
            let _ = writeln!(s, "\tAllSuperRegsCovered: {}", u8::from(idx.all_super_regs_covered));
            let _ = writeln!(s, "\tOffset: {}", self.dump_by_mode(&idx.range, |r| r.offset));
            let _ = writeln!(s, "\tSize: {}", self.dump_by_mode(&idx.range, |r| r.size));
            if debug.artificial && idx.artificial {
                s.push_str("\tArtificial: 1\n");
            }
        }
        for reg in &bank.registers {
            let _ = write!(s, "Register {}:\n\tCostPerUse: ", reg.name);
            for cost in &reg.cost_per_use {
                let _ = write!(s, "{cost} ");
            }
            let _ = writeln!(s, "\n\tCoveredBySubregs: {}", u8::from(reg.covered_by_sub_regs));
            let _ = writeln!(s, "\tHasDisjunctSubRegs: {}", u8::from(reg.has_disjunct_sub_regs));
            for (&idx, &sub) in &reg.sub_regs {
                let _ = writeln!(s, "\tSubReg {} = {}", bank.sub_reg_indices[idx].name, bank.registers[sub].name);
            }
            if debug.reg_units {
                for unit in &reg.native_reg_units {
                    let _ = writeln!(s, "\tRegUnit {unit}");
                }
            }
            if debug.artificial && reg.artificial {
                s.push_str("\tArtificial: 1\n");
            }
        }
        s
    }

    /// A value by HW mode as `debugDump` prints it.
    fn dump_by_mode<T: Clone>(&self, values: &ByMode<T>, value: impl Fn(&T) -> u32) -> String {
        let every_mode = match self.form.debug.by_mode {
            DumpByMode::EveryMode => true,
            DumpByMode::UnlessSimple => !values.is_simple(),
        };
        if !every_mode {
            return value(values.first()).to_string();
        }
        let mut s = String::from("{");
        for mode in 0..self.target.hw_modes.num_modes() as u32 {
            let name = if mode == 0 { self.form.default_mode } else { self.target.hw_modes.mode_name(mode) };
            let _ = write!(s, " {name}:{}", value(values.get(mode)));
        }
        s.push_str(" }");
        s
    }
}

fn or_into(into: &mut [bool], other: &[bool]) {
    for (a, b) in into.iter_mut().zip(other) {
        *a |= b;
    }
}

/// `getSimple().RegSize` of a class whose sizes are the same in every mode, else 0.
fn simple_reg_size(rc: &tdq_models::target::registers::RegisterClass) -> u32 {
    if rc.rsi.is_simple() {
        rc.rsi.first().reg_size
    } else {
        0
    }
}

/// `BitVectorEmitter`: the registers (numbers) of an allocation order as bytes of bits.
fn register_bit_set(s: &mut String, order: &[usize]) {
    let mut bits = BitVector::new(0);
    let mut len = 0;
    for &r in order {
        let v = r + 1;
        if v >= len {
            len = (v / 8 + 1) * 8;
        }
        bits.set(v);
    }
    hex_words(s, len, |i| bits.test(i), 8);
}
