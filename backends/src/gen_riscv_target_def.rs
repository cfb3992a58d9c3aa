//! `--gen-riscv-target-def`: RISC-V's target parser tables — supported extensions and what
//! they imply, profiles, processors with their default `-march`, extension bitmasks (LLVM's
//! RISCVTargetDefEmitter.cpp).

use crate::common::records::{all_derived_definitions_if_defined, Fields};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Release};

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
        let mut s = String::new();
        extensions(&f, &mut s)?;
        profiles(&f, &mut s)?;
        processors(&f, options.release, &mut s)?;
        extension_bitmasks(&f, options.release, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

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

fn extensions(f: &Fields, s: &mut String) -> Result<()> {
    s.push_str("#ifdef GET_SUPPORTED_EXTENSIONS\n#undef GET_SUPPORTED_EXTENSIONS\n\n");
    let extensions = sorted_by_extension_name(f, "RISCVExtension")?;
    if !extensions.is_empty() {
        for experimental in [false, true] {
            let kind = if experimental { "Experimental" } else { "" };
            let _ = writeln!(s, "static const RISCVSupportedExtension Supported{kind}Extensions[] = {{");
            for &(name, rec) in &extensions {
                if f.bit(rec, "Experimental")? != experimental {
                    continue;
                }
                let (major, minor) = (f.int(rec, "MajorVersion")?, f.int(rec, "MinorVersion")?);
                let _ = writeln!(s, "    {{\"{name}\", {{{major}, {minor}}}}},");
            }
            s.push_str("};\n\n");
        }
    }
    s.push_str("#endif // GET_SUPPORTED_EXTENSIONS\n\n");

    s.push_str("#ifdef GET_IMPLIED_EXTENSIONS\n#undef GET_IMPLIED_EXTENSIONS\n\n");
    if !extensions.is_empty() {
        s.push_str("\nstatic constexpr ImpliedExtsEntry ImpliedExts[] = {\n");
        for &(name, rec) in &extensions {
            for implied in f.defs(rec, "Implies")? {
                if f.is_a(implied, "RISCVExtension") {
                    let _ = writeln!(s, "    {{ {{\"{name}\"}}, \"{}\"}},", extension_name(f, implied)?);
                }
            }
        }
        s.push_str("};\n\n");
    }
    s.push_str("#endif // GET_IMPLIED_EXTENSIONS\n\n");
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

fn profiles(f: &Fields, s: &mut String) -> Result<()> {
    s.push_str("#ifdef GET_SUPPORTED_PROFILES\n#undef GET_SUPPORTED_PROFILES\n\n");
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
            s.push_str("};\n\n");
        }
    }
    s.push_str("#endif // GET_SUPPORTED_PROFILES\n\n");
    Ok(())
}

/// `emitRISCVProcs`; since LLVM 22 each processor also has its machine vendor, architecture
/// and implementation ids.
fn processors(f: &Fields, release: Release, s: &mut String) -> Result<()> {
    let with_ids = release >= Release::V22;
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
fn extension_bitmasks(f: &Fields, release: Release, s: &mut String) -> Result<()> {
    let mut extensions = sorted_by_extension_name(f, "RISCVExtensionBitmask")?;
    if release >= Release::V22 {
        let mut keyed = Vec::with_capacity(extensions.len());
        for (name, rec) in extensions {
            keyed.push(((f.int(rec, "GroupID")? as u32, f.int(rec, "BitPos")?), name, rec));
        }
        keyed.sort_by_key(|k| k.0);
        extensions = keyed.into_iter().map(|(_, name, rec)| (name, rec)).collect();
    }
    s.push_str("#ifdef GET_RISCVExtensionBitmaskTable_IMPL\nstatic const RISCVExtensionBitmask ExtensionBitmask[]={\n");
    for (name, rec) in extensions {
        let (group, bit) = (f.int(rec, "GroupID")? as u32, f.int(rec, "BitPos")? as u32);
        let _ = writeln!(s, "    {{\"{name}\", {group}, {bit}ULL}},");
    }
    s.push_str("};\n#endif\n");
    Ok(())
}
