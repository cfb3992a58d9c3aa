//! `--gen-register-bank`: GlobalISel's register banks (LLVM's RegisterBankEmitter.cpp). Each
//! `RegisterBank` def covers its register classes, their sub-classes and the classes of
//! their registers' sub-registers (found on the model's register classes); the output is the
//! bank enum, the coverage bit arrays, each bank's largest spill size per hardware mode and
//! (LLVM 22 on) a packed class-to-bank table.

use crate::common::emit::{ifdef_block, namespace, source_file_header};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{phases, ByRelease, Evaluation};
use tdq_models::bit_vector::BitVector;
use tdq_models::records::derived_definitions;
use tdq_models::target::registers::RegBank;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenRegisterBank;

type Result<T> = std::result::Result<T, BackendError>;

/// What one release's RegisterBankEmitter writes.
#[derive(Debug)]
struct Form {
    /// Sections and namespaces are LLVM 23's `IfDefEmitter` and `NamespaceEmitter`; before,
    /// written out by hand.
    helper_sections: bool,
    /// `getRegBankFromRegClass` is declared and defined from a packed table (LLVM 22 on).
    class_to_bank_table: bool,
    /// What the default mode is called in the sizes' comments.
    default_mode: &'static str,
}

const FORM_22: Form = Form { helper_sections: false, class_to_bank_table: true, default_mode: "Default" };

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { class_to_bank_table: false, ..FORM_22 },
    v22: FORM_22,
    v23: Form { helper_sections: true, default_mode: "DefaultMode", ..FORM_22 },
};

/// One `RegisterBank` and the classes it covers, in the order they were found.
struct Bank {
    def: RecId,
    /// Its `Name`.
    name: &'static str,
    classes: Vec<usize>,
    /// For each mode, the covered class with the largest spill size (the first of equals).
    largest: Vec<Option<usize>>,
}

impl Bank {
    /// `addRegisterClass`.
    fn add(&mut self, bank: &RegBank, class: usize) {
        if self.classes.contains(&class) {
            return;
        }
        for (mode, largest) in self.largest.iter_mut().enumerate() {
            let spill = |c: usize| bank.classes[c].rsi.get(mode as u32).spill_size;
            match *largest {
                None => *largest = Some(class),
                Some(l) if spill(l) < spill(class) => *largest = Some(class),
                Some(_) => {}
            }
        }
        self.classes.push(class);
    }
}

/// `visitRegisterBankClasses`: the class, each of its sub-classes in turn (depth first), and
/// each class all of whose registers are sub-registers of its registers by one index
/// (`sub_reg_classes[class]`).
fn visit(bank: &RegBank, sub_reg_classes: &[BitVector], class: usize, visited: &mut HashSet<usize>, into: &mut Bank) {
    if !visited.insert(class) {
        return;
    }
    into.add(bank, class);
    for candidate in 0..bank.classes.len() {
        if candidate != class && bank.classes[class].has_sub_class(candidate) {
            visit(bank, sub_reg_classes, candidate, visited, into);
        }
        if sub_reg_classes[class].test(candidate) {
            into.add(bank, candidate);
        }
    }
}

/// For each class, the classes whose registers' sub-registers by some index are all its
/// registers: the inverse of the classes' super-register classes.
fn sub_reg_classes(bank: &RegBank) -> Vec<BitVector> {
    let n = bank.classes.len();
    let mut inverse = vec![BitVector::new(n); n];
    for (candidate, rc) in bank.classes.iter().enumerate() {
        for supers in rc.super_reg_classes.values() {
            for sup in supers.ones() {
                inverse[sup].set(candidate);
            }
        }
    }
    inverse
}

impl Backend for GenRegisterBank {
    fn name(&self) -> &'static str {
        "gen-register-bank"
    }
    fn help(&self) -> &'static str {
        "Generate registers bank descriptions"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let f = Fields { input };
        let target = Target::get(input)?;
        let regs = RegBank::get(input)?;
        let num_modes = target.hw_modes.num_modes();
        phases::start("Analyze records");
        let sub_reg_classes = sub_reg_classes(&regs);
        let mut banks = Vec::new();
        for &def in derived_definitions(input, "RegisterBank")?.iter() {
            let mut bank =
                Bank { def, name: f.string(def, "Name")?, classes: Vec::new(), largest: vec![None; num_modes] };
            let mut visited = HashSet::new();
            for class_def in f.defs(def, "RegisterClasses")? {
                let class = regs.class(input, class_def)?;
                visit(&regs, &sub_reg_classes, class, &mut visited, &mut bank);
            }
            banks.push(bank);
        }
        if banks.is_empty() && form.class_to_bank_table {
            return Err(Fatal::new(&[], "No register banks defined").into());
        }
        phases::start("Warn ambiguous");
        for class in &regs.classes {
            for bank in &banks {
                if bank.name.to_lowercase() == class.name.to_lowercase() {
                    let bank_locs = &input.records.get(bank.def).locs;
                    let warning = &mut out.diags;
                    warning.warning_at(
                        bank_locs,
                        "Register bank names should be distinct from register classes to avoid ambiguous MIR",
                    );
                    warning.note_at(bank_locs, "RegisterBank was declared here");
                    if let Some(def) = class.def {
                        warning.note_at(&input.records.get(def).locs, "RegisterClass was declared here");
                    }
                }
            }
        }
        phases::start("Emit output");
        let mut e = Emitter { f, form, target: target.name, regs: &regs, banks: &banks, num_modes, s: String::new() };
        source_file_header(&mut e.s, "Register Bank Source Fragments", None);
        e.emit()?;
        out.write_all(e.s.as_bytes())?;
        Ok(())
    }
}

struct Emitter<'a> {
    f: Fields<'a>,
    form: &'static Form,
    target: &'static str,
    regs: &'a RegBank,
    banks: &'a [Bank],
    num_modes: usize,
    s: String,
}

impl Emitter<'_> {
    fn emit(&mut self) -> Result<()> {
        let mut s = std::mem::take(&mut self.s);
        let target = self.target;
        if self.form.helper_sections {
            ifdef_block(&mut s, "GET_REGBANK_DECLARATIONS", false, |s| {
                namespace(s, &format!("llvm::{target}"), |s| self.bank_enum(s));
            });
            ifdef_block(&mut s, "GET_TARGET_REGBANK_CLASS", false, |s| self.class_definition(s));
            let mut result = Ok(());
            ifdef_block(&mut s, "GET_TARGET_REGBANK_IMPL", false, |s| {
                namespace(s, "llvm", |s| result = self.implementation(s));
            });
            result?;
        } else {
            s.push_str("#ifdef GET_REGBANK_DECLARATIONS\n#undef GET_REGBANK_DECLARATIONS\n");
            let _ = write!(s, "namespace llvm {{\nnamespace {target} {{\n");
            self.bank_enum(&mut s);
            let _ = write!(s, "}} // end namespace {target}\n}} // end namespace llvm\n");
            s.push_str("#endif // GET_REGBANK_DECLARATIONS\n\n#ifdef GET_TARGET_REGBANK_CLASS\n#undef GET_TARGET_REGBANK_CLASS\n");
            self.class_definition(&mut s);
            s.push_str("#endif // GET_TARGET_REGBANK_CLASS\n\n#ifdef GET_TARGET_REGBANK_IMPL\n#undef GET_TARGET_REGBANK_IMPL\nnamespace llvm {\n");
            self.implementation(&mut s)?;
            s.push_str("} // end namespace llvm\n#endif // GET_TARGET_REGBANK_IMPL\n");
        }
        self.s = s;
        Ok(())
    }

    fn bank_name(&self, bank: &Bank) -> &'static str {
        self.f.name(bank.def)
    }

    fn bank_enum(&self, s: &mut String) {
        s.push_str("enum : unsigned {\n  InvalidRegBankID = ~0u,\n");
        for (id, bank) in self.banks.iter().enumerate() {
            let _ = writeln!(s, "  {}ID = {id},", self.bank_name(bank));
        }
        s.push_str("  NumRegisterBanks,\n};\n");
    }

    fn class_definition(&self, s: &mut String) {
        s.push_str("private:\n  static const RegisterBank *RegBanks[];\n  static const unsigned Sizes[];\n\n");
        if self.form.class_to_bank_table {
            s.push_str("public:\n  const RegisterBank &getRegBankFromRegClass(const TargetRegisterClass &RC, LLT Ty) const override;\n");
        }
        let _ = write!(s, "protected:\n  {}GenRegisterBankInfo(unsigned HwMode = 0);\n\n", self.target);
    }

    fn implementation(&self, s: &mut String) -> Result<()> {
        let target = self.target;
        let num_classes = self.regs.classes.len();
        let target_part = |s: &mut String| {
            for bank in self.banks {
                let mut by_word: Vec<Vec<usize>> = vec![Vec::new(); num_classes.div_ceil(32)];
                for &class in &bank.classes {
                    by_word[class / 32].push(class);
                }
                let _ = writeln!(s, "const uint32_t {}CoverageData[] = {{", self.bank_name(bank));
                for (word, classes) in by_word.iter().enumerate() {
                    let lowest = word * 32;
                    let _ = writeln!(s, "    // {}-{}", lowest, lowest + 31);
                    for &class in classes {
                        let _ =
                            writeln!(s, "    (1u << ({} - {lowest})) |", self.regs.classes[class].qualified_id_name());
                    }
                    s.push_str("    0,\n");
                }
                s.push_str("};\n");
            }
            s.push('\n');
            for bank in self.banks {
                let name = self.bank_name(bank);
                let _ = writeln!(
                    s,
                    "constexpr RegisterBank {name}(/* ID */ {target}::{name}ID, /* Name */ \"{}\", /* CoveredRegClasses */ {name}CoverageData, /* NumRegClasses */ {num_classes});",
                    bank.name
                );
            }
        };
        if self.form.helper_sections {
            namespace(s, target, target_part);
            s.push('\n');
        } else {
            let _ = writeln!(s, "namespace {target} {{");
            target_part(s);
            let _ = write!(s, "}} // end namespace {target}\n\n");
        }
        let _ = writeln!(s, "const RegisterBank *{target}GenRegisterBankInfo::RegBanks[] = {{");
        for bank in self.banks {
            let _ = writeln!(s, "    &{target}::{},", self.bank_name(bank));
        }
        s.push_str("};\n\n");
        let _ = writeln!(s, "const unsigned {target}GenRegisterBankInfo::Sizes[] = {{");
        let target_model = &Target::get(self.f.input)?;
        for mode in 0..self.num_modes {
            let mode_name = match mode {
                0 => self.form.default_mode,
                m => target_model.hw_modes.modes[m - 1].name,
            };
            let _ = writeln!(s, "    // Mode = {mode} ({mode_name})");
            for bank in self.banks {
                let Some(largest) = bank.largest[mode] else {
                    let name = self.bank_name(bank);
                    return Err(Fatal::new(
                        &self.f.input.records.get(bank.def).locs,
                        format!("register bank {name} covers no register class"),
                    )
                    .into());
                };
                let _ = writeln!(s, "    {},", self.regs.classes[largest].rsi.get(mode as u32).spill_size);
            }
        }
        s.push_str("};\n\n");
        let _ = write!(
            s,
            "{target}GenRegisterBankInfo::{target}GenRegisterBankInfo(unsigned HwMode)\n    : RegisterBankInfo(RegBanks, {target}::NumRegisterBanks, Sizes, HwMode) {{\n  // Assert that RegBank indices match their ID's\n#ifndef NDEBUG\n  for (auto RB : enumerate(RegBanks))\n    assert(RB.index() == RB.value()->getID() && \"Index != ID\");\n#endif // NDEBUG\n}}\n"
        );
        if self.form.class_to_bank_table {
            self.class_to_bank(s);
        }
        Ok(())
    }

    /// `getRegBankFromRegClass`: each class's bank packed into words of the smallest power of
    /// two bits that holds a bank number.
    fn class_to_bank(&self, s: &mut String) {
        let target = self.target;
        let num_banks = self.banks.len() as u32;
        let bit_size = (num_banks.ilog2() + 1).next_power_of_two();
        let per_word = 32 / bit_size;
        let mask = (1u32 << bit_size) - 1;
        let mut ambiguous_or_missing = false;
        // (class id name, bank id name) by class number.
        let mut entries: Vec<(String, String)> = Vec::new();
        for bank in self.banks {
            for &class in &bank.classes {
                if class >= entries.len() {
                    entries.resize(class + 1, (String::new(), String::new()));
                }
                let entry = &mut entries[class];
                entry.0 = self.regs.classes[class].id_name();
                if !entry.1.is_empty() {
                    ambiguous_or_missing = true;
                    entry.1 = "InvalidRegBankID".to_string();
                } else {
                    entry.1 = format!("{target}::{}ID", self.bank_name(bank));
                }
            }
        }
        for entry in &mut entries {
            if entry.1.is_empty() {
                ambiguous_or_missing = true;
                entry.1 = "InvalidRegBankID".to_string();
            }
        }
        if self.form.helper_sections {
            s.push('\n');
        }
        let _ = writeln!(
            s,
            "const RegisterBank &\n{target}GenRegisterBankInfo::getRegBankFromRegClass(const TargetRegisterClass &RC, LLT) const {{"
        );
        if ambiguous_or_missing {
            let _ =
                writeln!(s, "  constexpr uint32_t InvalidRegBankID = uint32_t({target}::InvalidRegBankID) & {mask};");
        }
        let table_size = entries.len().div_ceil(per_word as usize);
        let _ = writeln!(s, "  static const uint32_t RegClass2RegBank[{table_size}] = {{");
        let mut shift = 32 - bit_size;
        let mut first = true;
        let mut trailing = String::new();
        for (class_id, bank_id) in &entries {
            shift += bit_size;
            if shift == 32 {
                shift = 0;
                if first {
                    first = false;
                } else {
                    let _ = writeln!(s, ",{trailing}");
                }
            } else {
                let _ = writeln!(s, " |{trailing}");
            }
            let _ = write!(s, "    (uint32_t({bank_id}) << {shift})");
            trailing = if class_id.is_empty() { String::new() } else { format!(" // {class_id}") };
        }
        let _ = write!(
            s,
            "{trailing}\n  }};\n  const unsigned RegClassID = RC.getID();\n  if (LLVM_LIKELY(RegClassID < {})) {{\n    unsigned RegBankID = (RegClass2RegBank[RegClassID / {per_word}] >> ((RegClassID % {per_word}) * {bit_size})) & {mask};\n",
            entries.len()
        );
        if ambiguous_or_missing {
            s.push_str("    if (RegBankID != InvalidRegBankID)\n      return getRegBank(RegBankID);\n");
        } else {
            s.push_str("    return getRegBank(RegBankID);\n");
        }
        s.push_str("  }\n  llvm_unreachable(llvm::Twine(\"Target needs to handle register class ID 0x\").concat(llvm::Twine::utohexstr(RegClassID)).str().c_str());\n}\n");
    }
}
