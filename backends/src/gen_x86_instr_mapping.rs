//! `--gen-x86-instr-mapping`: X86's instruction-to-instruction tables (LLVM's
//! X86InstrMappingEmitter.cpp): EVEX instructions that compress to a VEX or legacy form, the
//! no-flags (`_NF`) form of each instruction, new-data-destination (`_ND`) forms with their
//! plain forms, and SSE instructions with their AVX forms; llvm-tblgen's own exceptions and
//! manual entries are [`crate::x86_manual::INSTR_MAPPING`].

use crate::x86_manual::{uses, INSTR_MAPPING};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::records::Fatal;
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::x86::{
    byte_from_rec, encoding, is_immediate_operand, is_memory_operand, is_register_operand, mem_operand_size, op_map,
    reg_operand_size, RecognizableInstr, EXPLICIT_EVEX,
};
use tdq_models::Fields;

pub struct GenX86InstrMapping;

impl Backend for GenX86InstrMapping {
    fn name(&self) -> &'static str {
        "gen-x86-instr-mapping"
    }
    fn help(&self) -> &'static str {
        "Generate X86 instruction mapping"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        // `CodeGenTarget`'s check that there is one target.
        tdq_models::target::Target::get(input)?;
        let instructions = Instructions::get(input)?;
        let m = Mapper {
            f,
            form: FORM.get(options.release),
            manual: INSTR_MAPPING.get(options.release),
            instructions: &instructions,
        };
        let mut s = String::new();
        crate::common::emit::source_file_header(&mut s, "X86 instruction mapping", None);
        s.push_str(concat!(
            "struct X86TableEntry {\n",
            "  uint16_t OldOpc;\n",
            "  uint16_t NewOpc;\n",
            "  bool operator<(const X86TableEntry &RHS) const {\n",
            "    return OldOpc < RHS.OldOpc;\n",
            "  }",
            "  friend bool operator<(const X86TableEntry &TE, unsigned Opc) {\n",
            "    return TE.OldOpc < Opc;\n",
            "  }\n",
            "};\n\n",
        ));
        m.compress_evex(&mut s)?;
        print_table(&mut s, &m.nf_transform()?, "X86NFTransformTable", "GET_X86_NF_TRANSFORM_TABLE");
        print_table(&mut s, &m.nd_to_non_nd()?, "X86ND2NonNDTable", "GET_X86_ND2NONND_TABLE");
        print_table(&mut s, &m.sse_to_avx()?, "X86SSE2AVXTable", "GET_X86_SSE2AVX_TABLE");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What one release does.
#[derive(Debug)]
struct Form {
    /// The predicates whose compressed instructions get a feature check.
    checked_predicates: &'static [&'static str],
    /// `SETZUCCm`, an EVEX.b instruction, may compress (LLVM 22 on).
    setzucc_compresses: bool,
    /// No-flags (EVEX.NF) instructions are left out of compression (LLVM 23 on).
    skips_no_flags: bool,
    /// How the no-flags table is found.
    nf_search: NfSearch,
}

/// How `emitNFTransformTable` pairs an instruction with its no-flags form.
#[derive(Debug)]
enum NfSearch {
    /// LLVM 19: each instruction with `_NF` in its name, without its first `_NF`, if that
    /// names a def; in the order of the `_NF` instructions.
    FromNoFlags,
    /// Since: each instruction without `_NF`, with `_NF` (or `_NF_ND` for `_ND`) appended.
    FromFlags,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        checked_predicates: &["HasAVXNECONVERT", "HasAVXVNNI", "HasAVXIFMA"],
        setzucc_compresses: false,
        skips_no_flags: false,
        nf_search: NfSearch::FromNoFlags,
    },
    v22: Form {
        checked_predicates: &["HasAVXNECONVERT", "HasAVXVNNI", "HasAVXIFMA", "HasAVXVNNIINT8", "HasAVXVNNIINT16"],
        setzucc_compresses: true,
        skips_no_flags: false,
        nf_search: NfSearch::FromFlags,
    },
    v23: Form {
        checked_predicates: &["HasAVXNECONVERT", "HasAVXVNNI", "HasAVXIFMA", "HasAVXVNNIINT8", "HasAVXVNNIINT16"],
        setzucc_compresses: true,
        skips_no_flags: true,
        nf_search: NfSearch::FromFlags,
    },
};

type Entry<'a> = (&'a Instruction, &'a Instruction);

struct Mapper<'a> {
    f: Fields<'a>,
    form: &'static Form,
    manual: &'static str,
    instructions: &'a Instructions,
}

impl<'a> Mapper<'a> {
    /// `isInteresting`: an X86 instruction, not for the assembler parser only, not `_REV`.
    fn interesting(&self, inst: &Instruction) -> Result<bool, Fatal> {
        Ok(self.f.is_a(inst.def, "X86Inst")
            && !self.f.bit(inst.def, "isAsmParserOnly")?
            && !inst.name.ends_with("_REV"))
    }

    /// The instruction of the def named `name`, if there is such a def.
    fn named(&self, name: &str) -> Result<Option<&'a Instruction>, Fatal> {
        let Some(def) = self.f.input.records.def(name) else { return Ok(None) };
        self.instructions
            .get_def(def)
            .map(Some)
            .ok_or_else(|| Fatal::new(&self.f.input.records.get(def).locs, format!("Unknown instruction '{name}'")))
    }

    /// A manual entry's target, which must exist.
    fn manual_target(&self, name: &str) -> Result<&'a Instruction, Fatal> {
        self.named(name)?
            .ok_or_else(|| Fatal::new(&[], format!("X86 manual instruction mapping: instruction '{name}' not found")))
    }

    fn manual_map(&self, macro_name: &'static str) -> HashMap<&'static str, &'static str> {
        uses(self.manual, macro_name).filter_map(|a| Some((*a.first()?, *a.get(1)?))).collect()
    }

    fn manual_set(&self, macro_name: &'static str) -> HashSet<&'static str> {
        uses(self.manual, macro_name).filter_map(|a| a.first().copied()).collect()
    }

    /// `emitCompressEVEXTable`: EVEX instructions with the VEX (or legacy) instruction they
    /// compress to, and the feature check of the compressed instructions that need one.
    fn compress_evex(&self, s: &mut String) -> Result<(), Fatal> {
        let f = &self.f;
        let manual = self.manual_map("ENTRY");
        let no_compress = self.manual_set("NOCOMP");
        let mut compressed: BTreeMap<u8, Vec<&'a Instruction>> = BTreeMap::new();
        let mut pre_compression = Vec::new();
        for inst in self.instructions.in_enum_order() {
            let rec = inst.def;
            if !self.interesting(inst)? {
                continue;
            }
            // Legacy instructions promoted into the EVEX space, never emitted by the compiler.
            if byte_from_rec(f, rec, "OpMapBits")? == op_map::T_MAP4
                && byte_from_rec(f, rec, "explicitOpPrefixBits")? == EXPLICIT_EVEX
            {
                continue;
            }
            if no_compress.contains(inst.name) {
                continue;
            }
            let ri = RecognizableInstr::read(f, rec)?;
            let is_nd = ri.op_map == op_map::T_MAP4 && ri.has_evex_b && ri.has_vex_4v;
            let is_setzucc = self.form.setzucc_compresses && inst.name == "SETZUCCm";
            let no_flags_left_out = self.form.skips_no_flags && ri.has_evex_nf;
            if ri.encoding == encoding::VEX {
                compressed.entry(ri.opcode).or_default().push(inst);
            } else if ri.encoding == encoding::EVEX
                && !ri.has_evex_k
                && !ri.has_evex_l2
                && !no_flags_left_out
                && (!ri.has_evex_b || is_nd || is_setzucc)
            {
                pre_compression.push(inst);
            }
        }
        let mut table: Vec<Entry> = Vec::new();
        // Condition strings in order, each with its instructions.
        let mut predicated: BTreeMap<&str, Vec<&Instruction>> = BTreeMap::new();
        for inst in pre_compression {
            let name = inst.name;
            let new = if let Some(target) = manual.get(name) {
                Some(self.manual_target(target)?)
            } else if let Some(base) = name.strip_suffix("_EVEX") {
                self.named(base)?
            } else if name.ends_with("_ND") {
                // Left to the ND-to-non-ND table.
                continue;
            } else {
                let opcode = byte_from_rec(f, inst.def, "Opcode")?;
                let mut found = None;
                for candidate in compressed.get(&opcode).into_iter().flatten() {
                    if self.compresses_to(inst, candidate)? {
                        found = Some(*candidate);
                        break;
                    }
                }
                found
            };
            let Some(new) = new else { continue };
            table.push((inst, new));
            for predicate in f.defs(new.def, "Predicates")? {
                if self.form.checked_predicates.contains(&f.name(predicate)) {
                    predicated.entry(f.string(predicate, "CondString")?).or_default().push(new);
                    break;
                }
            }
        }
        let mac = "GET_X86_COMPRESS_EVEX_TABLE";
        print_table(s, &table, "X86CompressEVEXTable", mac);
        let _ = write!(s, "\n#ifdef {mac}\n");
        s.push_str("static bool checkPredicate(unsigned Opc, const X86Subtarget *Subtarget) {\n");
        s.push_str("  switch (Opc) {\n  default: return true;\n");
        for (condition, insts) in &predicated {
            for inst in insts {
                let _ = writeln!(s, "  case X86::{}:", inst.name);
            }
            let _ = writeln!(s, "    return {condition};");
        }
        s.push_str("  }\n}\n\n");
        let _ = write!(s, "#endif // {mac}\n\n");
        Ok(())
    }

    /// LLVM's `IsMatch`: a VEX instruction that an EVEX instruction compresses to has the same
    /// encoding fields and operands of the same sizes.
    fn compresses_to(&self, old: &Instruction, new: &Instruction) -> Result<bool, Fatal> {
        let f = &self.f;
        let o = RecognizableInstr::read(f, old.def)?;
        let n = RecognizableInstr::read(f, new.def)?;
        // LLVM compares the old instruction's prefix with the new one's across the tuples.
        if (o.is_code_gen_only, o.op_map, n.op_prefix, o.has_vex_4v, o.has_vex_l, o.has_rex_w, o.form)
            != (n.is_code_gen_only, n.op_map, o.op_prefix, n.has_vex_4v, n.has_vex_l, n.has_rex_w, n.form)
        {
            return Ok(false);
        }
        for (i, old_op) in old.operands.operands.iter().enumerate() {
            let Some(new_op) = new.operands.operands.get(i) else { return Ok(false) };
            let (a, b) = (old_op.rec, new_op.rec);
            if a == b {
                continue;
            }
            if is_register_operand(f, a) && is_register_operand(f, b) {
                if reg_operand_size(f, a)? != reg_operand_size(f, b)? {
                    return Ok(false);
                }
            } else if is_memory_operand(f, a)? && is_memory_operand(f, b)? {
                if mem_operand_size(f, a)? != mem_operand_size(f, b)? {
                    return Ok(false);
                }
            } else if is_immediate_operand(f, a)?
                && is_immediate_operand(f, b)?
                && f.def(a, "Type")? != f.def(b, "Type")?
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `emitNFTransformTable`: each instruction with its no-flags (`_NF`) form.
    fn nf_transform(&self) -> Result<Vec<Entry<'a>>, Fatal> {
        let mut table = Vec::new();
        for inst in self.instructions.in_enum_order() {
            if !self.interesting(inst)? {
                continue;
            }
            match self.form.nf_search {
                NfSearch::FromNoFlags => {
                    let Some(pos) = inst.name.find("_NF") else { continue };
                    let flags = format!("{}{}", &inst.name[..pos], &inst.name[pos + 3..]);
                    if let Some(old) = self.named(&flags)? {
                        table.push((old, inst));
                    }
                }
                NfSearch::FromFlags => {
                    if inst.name.contains("_NF") {
                        continue;
                    }
                    let nf = match inst.name.strip_suffix("_ND") {
                        Some(base) => format!("{base}_NF_ND"),
                        None => format!("{}_NF", inst.name),
                    };
                    if let Some(new) = self.named(&nf)? {
                        table.push((inst, new));
                    }
                }
            }
        }
        Ok(table)
    }

    /// `emitND2NonNDTable`: each `_ND` instruction with its plain form where that writes a
    /// register, and the manual entries.
    fn nd_to_non_nd(&self) -> Result<Vec<Entry<'a>>, Fatal> {
        let manual = self.manual_map("ENTRY_ND");
        let no_compress = self.manual_set("NOCOMP_ND");
        let mut table = Vec::new();
        for inst in self.instructions.in_enum_order() {
            if !self.interesting(inst)? || no_compress.contains(inst.name) {
                continue;
            }
            if let Some(target) = manual.get(inst.name) {
                table.push((inst, self.manual_target(target)?));
                continue;
            }
            let Some(base) = inst.name.strip_suffix("_ND") else { continue };
            let Some(new) = self.named(base)? else { continue };
            if new.operands.operands.first().is_some_and(|op| is_register_operand(&self.f, op.rec)) {
                table.push((inst, new));
            }
        }
        Ok(table)
    }

    /// `emitSSE2AVXTable`: each instruction with its `V`-prefixed form, and the manual entries.
    fn sse_to_avx(&self) -> Result<Vec<Entry<'a>>, Fatal> {
        let manual = self.manual_map("ENTRY_SSE2AVX");
        let mut table = Vec::new();
        for inst in self.instructions.in_enum_order() {
            if !self.interesting(inst)? {
                continue;
            }
            if let Some(target) = manual.get(inst.name) {
                table.push((inst, self.manual_target(target)?));
                continue;
            }
            if let Some(avx) = self.named(&format!("V{}", inst.name))? {
                table.push((inst, avx));
            }
        }
        Ok(table)
    }
}

/// `printTable`: a table of (old, new) opcodes under its macro.
fn print_table(s: &mut String, table: &[Entry], name: &str, mac: &str) {
    let _ = write!(s, "\n#ifdef {mac}\nstatic const X86TableEntry {name}[] = {{\n");
    for (old, new) in table {
        let _ = writeln!(s, "  {{ X86::{}, X86::{} }},", old.name, new.name);
    }
    let _ = write!(s, "}};\n\n#endif // {mac}\n\n");
}
