//! `--gen-riscv-target-def`: RISC-V's target parser tables — supported extensions and what
//! they imply, profiles, processors with their default `-march`, extension bitmasks (LLVM's
//! RISCVTargetDefEmitter.cpp); since LLVM 23 also the tune features and which processors may
//! configure them.

use crate::common::emit::{ifdef_block, StringToOffsetTable};
use crate::common::records::{all_derived_definitions_if_defined, Fields};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

pub struct GenRiscvTargetDef;

impl Backend for GenRiscvTargetDef {
    fn name(&self) -> &'static str {
        "gen-riscv-target-def"
    }
    fn help(&self) -> &'static str {
        "Generate the list of CPUs and extensions for RISC-V"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let f = Fields { input };
        let form = *FORM.get(options.release);
        let mut s = String::new();
        extensions(&f, form, &mut s)?;
        profiles(&f, form, &mut s)?;
        processors(&f, form, &mut s)?;
        extension_bitmasks(&f, form, &mut s)?;
        if form.tune_features {
            tune_features(&f, &mut s)?;
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What a release writes and how it lays the sections out.
#[derive(Clone, Copy)]
struct Form {
    /// Each processor also has its machine vendor, architecture and implementation ids.
    processor_ids: bool,
    /// The extension bitmask table is in (group, bit) order, not by name.
    bitmasks_by_bit: bool,
    /// Sections are `IfDefEmitter` blocks (blank lines around the body, `#endif // NAME`)
    /// and tables end without a blank line.
    ifdef_emitter: bool,
    /// The tune features and the processors that may configure them follow.
    tune_features: bool,
}

const FORM_19: Form = Form { processor_ids: false, bitmasks_by_bit: false, ifdef_emitter: false, tune_features: false };
const FORM_22: Form = Form { processor_ids: true, bitmasks_by_bit: true, ..FORM_19 };
const FORM: ByRelease<Form> =
    ByRelease { v19: FORM_19, v22: FORM_22, v23: Form { ifdef_emitter: true, tune_features: true, ..FORM_22 } };

impl Form {
    /// A `#ifdef NAME` section that `#undef`s its name first (after the body with
    /// `late_undef`). LLVM 22 writes its one late-undef section, the bitmask table, with
    /// neither `#undef` nor a named `#endif`.
    fn section(
        self,
        s: &mut String,
        name: &str,
        late_undef: bool,
        body: impl FnOnce(&mut String) -> Result<()>,
    ) -> Result<()> {
        let mut result = Ok(());
        if self.ifdef_emitter {
            ifdef_block(s, name, late_undef, |s| result = body(s));
        } else {
            let _ = writeln!(s, "#ifdef {name}");
            if !late_undef {
                let _ = write!(s, "#undef {name}\n\n");
            }
            result = body(s);
            if late_undef {
                s.push_str("#endif\n");
            } else {
                let _ = write!(s, "#endif // {name}\n\n");
            }
        }
        result
    }

    /// The end of a table: LLVM 22 leaves a blank line after it.
    fn table_end(self) -> &'static str {
        if self.ifdef_emitter {
            "};\n"
        } else {
            "};\n\n"
        }
    }
}

/// `getExtensionName`: `Name` without `experimental-`.
fn extension_name(f: &Fields, rec: RecId) -> Result<&'static str> {
    let name = f.string(rec, "Name")?;
    Ok(name.strip_prefix("experimental-").unwrap_or(name))
}

/// The defs of `class` sorted by extension name (stably: LLVM's sort meets no equal names).
fn sorted_by_extension_name(f: &Fields, class: &str) -> Result<Vec<(&'static str, RecId)>> {
    let mut named = all_derived_definitions_if_defined(f.input, class)
        .into_iter()
        .map(|rec| Ok((extension_name(f, rec)?, rec)))
        .collect::<Result<Vec<_>>>()?;
    named.sort_by(|a, b| a.0.cmp(b.0));
    Ok(named)
}

fn extensions(f: &Fields, form: Form, s: &mut String) -> Result<()> {
    let extensions = sorted_by_extension_name(f, "RISCVExtension")?;
    form.section(s, "GET_SUPPORTED_EXTENSIONS", false, |s| supported_extensions(f, form, &extensions, s))?;
    form.section(s, "GET_IMPLIED_EXTENSIONS", false, |s| implied_extensions(f, form, &extensions, s))
}

fn supported_extensions(f: &Fields, form: Form, extensions: &[(&str, RecId)], s: &mut String) -> Result<()> {
    if !extensions.is_empty() {
        for experimental in [false, true] {
            let kind = if experimental { "Experimental" } else { "" };
            let _ = writeln!(s, "static const RISCVSupportedExtension Supported{kind}Extensions[] = {{");
            for &(name, rec) in extensions {
                if f.bit(rec, "Experimental")? != experimental {
                    continue;
                }
                let (major, minor) = (f.int(rec, "MajorVersion")?, f.int(rec, "MinorVersion")?);
                let _ = writeln!(s, "    {{\"{name}\", {{{major}, {minor}}}}},");
            }
            s.push_str(form.table_end());
        }
    }
    Ok(())
}

fn implied_extensions(f: &Fields, form: Form, extensions: &[(&str, RecId)], s: &mut String) -> Result<()> {
    if !extensions.is_empty() {
        s.push_str("\nstatic constexpr ImpliedExtsEntry ImpliedExts[] = {\n");
        for &(name, rec) in extensions {
            for implied in f.defs(rec, "Implies")? {
                if f.is_a(implied, "RISCVExtension") {
                    let _ = writeln!(s, "    {{ {{\"{name}\"}}, \"{}\"}},", extension_name(f, implied)?);
                }
            }
        }
        s.push_str(form.table_end());
    }
    Ok(())
}

/// `singleLetterExtensionRank` (RISCVISAUtils.cpp): i, e, then "mafdqlcbkjtpvnh", then the
/// other letters alphabetically.
fn single_letter_rank(letter: u8) -> u32 {
    const STANDARD: &[u8] = b"mafdqlcbkjtpvnh";
    match letter {
        b'i' => 0,
        b'e' => 1,
        _ => match STANDARD.iter().position(|&c| c == letter) {
            Some(pos) => pos as u32 + 2,
            None => 2 + STANDARD.len() as u32 + u32::from(letter.wrapping_sub(b'a')),
        },
    }
}

/// `getExtensionRank`: single letters, then z (by their second letter), s, x, and others.
fn extension_rank(name: &str) -> u32 {
    let bytes = name.as_bytes();
    match bytes.first() {
        Some(b's') => 2 << 6,
        Some(b'z') => 1 << 6 | single_letter_rank(bytes.get(1).copied().unwrap_or(b'a')),
        Some(b'x') => 3 << 6,
        Some(&letter) if bytes.len() == 1 => single_letter_rank(letter),
        _ => 4 << 6,
    }
}

/// `printMArch`: `rv<XLEN>` and each extension's name and version in canonical order.
fn march(f: &Fields, features: &[RecId], s: &mut String) -> Result<()> {
    let mut extensions: Vec<(&str, i64, i64)> = Vec::new();
    let mut xlen = 0;
    for &feature in features {
        let name = extension_name(f, feature)?;
        if f.is_a(feature, "RISCVExtension") {
            let version = (f.int(feature, "MajorVersion")?, f.int(feature, "MinorVersion")?);
            match extensions.iter_mut().find(|e| e.0 == name) {
                Some(e) => (e.1, e.2) = version,
                None => extensions.push((name, version.0, version.1)),
            }
        } else if name == "64bit" {
            xlen = 64;
        } else if name == "32bit" {
            xlen = 32;
        }
    }
    extensions.sort_by(|a, b| (extension_rank(a.0), a.0).cmp(&(extension_rank(b.0), b.0)));
    let _ = write!(s, "rv{xlen}");
    for (i, (name, major, minor)) in extensions.iter().enumerate() {
        let separator = if i == 0 { "" } else { "_" };
        let _ = write!(s, "{separator}{name}{}p{}", *major as u32, *minor as u32);
    }
    Ok(())
}

fn profiles(f: &Fields, form: Form, s: &mut String) -> Result<()> {
    form.section(s, "GET_SUPPORTED_PROFILES", false, |s| profile_tables(f, form, s))
}

fn profile_tables(f: &Fields, form: Form, s: &mut String) -> Result<()> {
    let profiles = all_derived_definitions_if_defined(f.input, "RISCVProfile");
    if !profiles.is_empty() {
        let mut any_experimental = false;
        for &profile in &profiles {
            any_experimental |= f.bit(profile, "Experimental")?;
        }
        for experimental in [false, true] {
            if experimental && !any_experimental {
                break;
            }
            let kind = if experimental { "Experimental" } else { "" };
            let _ = writeln!(s, "static constexpr RISCVProfile Supported{kind}Profiles[] = {{");
            for &profile in &profiles {
                if f.bit(profile, "Experimental")? != experimental {
                    continue;
                }
                let _ = write!(s, "    {{\"{}\",\"", extension_name(f, profile)?);
                march(f, &f.defs(profile, "Implies")?, s)?;
                s.push_str("\"},\n");
            }
            s.push_str(form.table_end());
        }
    }
    Ok(())
}

/// `emitRISCVProcs`; since LLVM 22 each processor also has its machine vendor, architecture
/// and implementation ids.
fn processors(f: &Fields, form: Form, s: &mut String) -> Result<()> {
    let with_ids = form.processor_ids;
    s.push_str("#ifndef PROC\n#define PROC(ENUM, NAME, DEFAULT_MARCH, FAST_SCALAR_UNALIGN, FAST_VECTOR_UNALIGN");
    s.push_str(if with_ids { ", MVENDORID, MARCHID, MIMPID)\n#endif\n\n" } else { ")\n#endif\n\n" });
    for proc in all_derived_definitions_if_defined(f.input, "RISCVProcessorModel") {
        let features = f.defs(proc, "Features")?;
        let mut fast_scalar = false;
        let mut fast_vector = false;
        for &feature in &features {
            let name = f.string(feature, "Name")?;
            fast_scalar |= name == "unaligned-scalar-mem";
            fast_vector |= name == "unaligned-vector-mem";
        }
        let _ = write!(s, "PROC({}, {{\"{}\"}}, {{\"", f.name(proc), f.string(proc, "Name")?);
        let default_march = f.string(proc, "DefaultMarch")?;
        if default_march.is_empty() {
            march(f, &features, s)?;
        } else {
            s.push_str(default_march);
        }
        let _ = write!(s, "\"}}, {}, {}", u8::from(fast_scalar), u8::from(fast_vector));
        if with_ids {
            // `format_hex`: 0x and lowercase digits, zero-padded to 10 and 18 characters.
            let vendor = f.int(proc, "MVendorID")? as u32;
            let (arch, imp) = (f.int(proc, "MArchID")? as u64, f.int(proc, "MImpID")? as u64);
            let _ = write!(s, ", {vendor:#010x}, {arch:#018x}, {imp:#018x}");
        }
        s.push_str(")\n");
    }
    s.push_str("\n#undef PROC\n\n#ifndef TUNE_PROC\n#define TUNE_PROC(ENUM, NAME)\n#endif\n\n");
    for proc in all_derived_definitions_if_defined(f.input, "RISCVTuneProcessorModel") {
        let _ = writeln!(s, "TUNE_PROC({}, \"{}\")", f.name(proc), f.string(proc, "Name")?);
    }
    s.push_str("\n#undef TUNE_PROC\n");
    Ok(())
}

/// `emitRISCVExtensionBitmask`: by name in LLVM 19, by group and bit since LLVM 22.
fn extension_bitmasks(f: &Fields, form: Form, s: &mut String) -> Result<()> {
    let mut extensions = sorted_by_extension_name(f, "RISCVExtensionBitmask")?;
    if form.bitmasks_by_bit {
        let mut keyed = Vec::with_capacity(extensions.len());
        for (name, rec) in extensions {
            keyed.push(((f.int(rec, "GroupID")? as u32, f.int(rec, "BitPos")?), name, rec));
        }
        keyed.sort_by_key(|k| k.0);
        extensions = keyed.into_iter().map(|(_, name, rec)| (name, rec)).collect();
    }
    form.section(s, "GET_RISCVExtensionBitmaskTable_IMPL", true, |s| {
        s.push_str("static const RISCVExtensionBitmask ExtensionBitmask[]={\n");
        for (name, rec) in extensions {
            let (group, bit) = (f.int(rec, "GroupID")? as u32, f.int(rec, "BitPos")? as u32);
            let _ = writeln!(s, "    {{\"{name}\", {group}, {bit}ULL}},");
        }
        s.push_str("};\n");
        Ok(())
    })
}

/// LLVM 23's `emitRISCVTuneFeatures` and `emitRISCVConfigurableTuneFeatures`: each tune
/// feature's directives (`+name`/`-name` spellings, which must be distinct) and what it
/// implies, as offsets into one string table, then the features each processor may tune.
fn tune_features(f: &Fields, s: &mut String) -> Result<()> {
    let records = all_derived_definitions_if_defined(f.input, "RISCVTuneFeature");
    let mut strings = StringToOffsetTable::starting_empty();
    let mut directives = Vec::with_capacity(records.len());
    let mut defined_by: std::collections::HashMap<u32, RecId> = std::collections::HashMap::new();
    for &rec in &records {
        strings.get_or_add(f.string(rec, "Name")?);
        let mut pair = [0; 2];
        for (slot, (field, which)) in
            [("PositiveDirectiveName", "positive"), ("NegativeDirectiveName", "negative")].into_iter().enumerate()
        {
            let directive = f.string(rec, field)?;
            let offset = strings.get_or_add(directive);
            if let Some(&earlier) = defined_by.get(&offset) {
                let mut diags = tdq_core::Diagnostics::new();
                let message = format!("RISC-V tune feature {which} directive '{directive}' was already defined");
                diags.error_at(&f.input.records.get(rec).locs, message);
                diags.note_at(&f.input.records.get(earlier).locs, "Previously defined here");
                return Err(BackendError::Fatal(diags));
            }
            defined_by.insert(offset, rec);
            pair[slot] = offset;
        }
        directives.push((pair, rec));
    }
    let mut implied = Vec::new();
    for &rec in &records {
        for implied_rec in f.defs(rec, "Implies")? {
            implied.push((f.string(rec, "Name")?, f.string(implied_rec, "Name")?));
        }
    }
    let mut result = Ok(());
    ifdef_block(s, "GET_TUNE_FEATURES", false, |s| {
        strings.emit_string_table_def("TuneFeatureStrings", s);
        s.push_str("\nstatic constexpr RISCVTuneFeature TuneFeatures[] = {\n");
        for &([positive, negative], rec) in &directives {
            match f.string(rec, "Name") {
                Ok(name) => {
                    let index = strings.get(name).unwrap_or(0);
                    let _ = writeln!(s, "    {{ {positive}, {negative}, {index} }},\t// '{name}'");
                }
                Err(e) => result = Err(e),
            }
        }
        s.push_str("};\n\nstatic constexpr RISCVImpliedTuneFeature ImpliedTuneFeatures[] = {\n");
        for (feature, implied) in &implied {
            // An implied feature that is no tune feature has no string: LLVM reads an empty
            // optional there; tdq writes offset 0.
            let (a, b) = (strings.get(feature).unwrap_or(0), strings.get(implied).unwrap_or(0));
            let _ = writeln!(s, "    {{ {a}, {b} }}, // '{feature}' -> '{implied}'");
        }
        s.push_str("};\n");
    });
    result?;

    let mut lines = String::new();
    for proc in all_derived_definitions_if_defined(f.input, "ProcessorModel") {
        let name = f.string(proc, "Name")?;
        for feature in f.defs(proc, "ConfigurableTuneFeatures")? {
            for field in ["PositiveDirectiveName", "NegativeDirectiveName"] {
                let directive = f.string(feature, field)?;
                let Some(offset) = strings.get(directive) else {
                    let message = format!("'{}' is not a RISC-V tune feature", f.name(feature));
                    return Err(BackendError::fatal(&f.input.records.get(proc).locs, message));
                };
                let _ = writeln!(lines, "    {{ {{ \"{name}\" }}, {offset} }},");
            }
        }
    }
    ifdef_block(s, "GET_CONFIGURABLE_TUNE_FEATURES", false, |s| {
        s.push_str("static constexpr RISCVConfigurableTuneFeatures ConfigurableTuneFeatures[] = {\n");
        s.push_str(&lines);
        s.push_str("};\n");
    });
    Ok(())
}
