//! `--gen-x86-fold-tables`: which X86 register-form instruction folds a load or store into
//! which memory form, with what restrictions, and which broadcast forms (LLVM's
//! X86FoldTablesEmitter.cpp).
//!
//! Each memory-form instruction is matched against the register forms of the same opcode
//! whose encoding fields, mnemonic and operands agree but for one register operand that the
//! memory form makes a memory operand; the tables are keyed by the register form in LLVM's
//! instruction-enum order. llvm-tblgen's own list of exceptions and manual entries is
//! [`crate::x86_manual::FOLD_TABLES`].

use crate::gen_asm_writer::ASMWRITERNUM;
use crate::x86_manual::{uses, FOLD_TABLES};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::records::Fatal;
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::x86::{
    byte_from_rec, form, is_immediate_operand, is_memory_operand, is_register_operand, mem_operand_size, mnemonic,
    op_map, operand_dag_len, reg_operand_size, RecognizableInstr, EXPLICIT_EVEX,
};
use tdq_models::target::Target;
use tdq_models::Fields;

pub struct GenX86FoldTables;

impl Backend for GenX86FoldTables {
    fn name(&self) -> &'static str {
        "gen-x86-fold-tables"
    }
    fn help(&self) -> &'static str {
        "Generate X86 fold tables"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let target = Target::get(input)?;
        let variant = target.asm_writer_variant(input, options.get(&ASMWRITERNUM) as usize)?;
        let instructions = Instructions::get(input)?;
        let mut emitter = Emitter {
            f,
            form: FORM.get(options.release),
            manual: FOLD_TABLES.get(options.release),
            instructions: &instructions,
            tables: Default::default(),
            same_mask: Vec::new(),
            facts: HashMap::new(),
            variant,
        };
        emitter.run()?;
        // The file has no banner.
        let mut s = String::new();
        for (name, table) in TABLE_NAMES.iter().zip(&emitter.tables) {
            let _ = writeln!(s, "static const X86FoldTableEntry {name}[] = {{");
            for entry in table.values() {
                entry.print(&mut s);
            }
            s.push_str("};\n\n");
        }
        if emitter.form.same_mask_table {
            s.push_str("static const unsigned NonFoldableWithSameMaskTable[] = {\n");
            for name in &emitter.same_mask {
                let _ = writeln!(s, "  X86::{name},");
            }
            s.push_str("};\n\n");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What one release does.
#[derive(Debug)]
struct Form {
    /// The class of the register operands that are not register classes but still fold
    /// (`TAILJMPr`'s): `PointerLikeRegClass` in LLVM 19, `RegClassByHwMode` since.
    register_like_class: &'static str,
    /// `NonFoldableWithSameMaskTable` (LLVM 23): masked instructions that a load under the same
    /// mask must not be folded into.
    same_mask_table: bool,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { register_like_class: "PointerLikeRegClass", same_mask_table: false },
    v22: Form { register_like_class: "RegClassByHwMode", same_mask_table: false },
    v23: Form { register_like_class: "RegClassByHwMode", same_mask_table: true },
};

/// The tables in the order they are written; [`Emitter::tables`] is indexed alike.
const TABLE_NAMES: [&str; 10] = [
    "Table2Addr",
    "Table0",
    "Table1",
    "Table2",
    "Table3",
    "Table4",
    "BroadcastTable1",
    "BroadcastTable2",
    "BroadcastTable3",
    "BroadcastTable4",
];
const TABLE_2ADDR: usize = 0;
const TABLE0: usize = 1;
/// `Table#i` is `TABLE0 + i`, `BroadcastTable#i` is `BROADCAST0 + i`.
const BROADCAST0: usize = 5;

/// Instructions whose memory form needs aligned memory, and ones that never do (by a part
/// of their name, as LLVM tells them).
const EXPLICIT_ALIGN: [&str; 7] = ["MOVDQA", "MOVAPS", "MOVAPD", "MOVNTPS", "MOVNTPD", "MOVNTDQ", "MOVNTDQA"];
const EXPLICIT_UNALIGN: [&str; 7] = ["MOVDQU", "MOVUPS", "MOVUPD", "PCMPESTRM", "PCMPESTRI", "PCMPISTRM", "PCMPISTRI"];

/// A table entry's `TB_*` strategy bits, as the manual entries write them.
#[derive(Clone, Copy, Debug, Default)]
struct Strategy {
    no_reverse: bool,
    no_forward: bool,
    folded_load: bool,
    folded_store: bool,
}

impl Strategy {
    /// `TB_A | TB_B` or `0`.
    fn parse(text: &str) -> Result<Strategy, Fatal> {
        let mut s = Strategy::default();
        for flag in text.split('|').map(str::trim) {
            match flag {
                "0" => {}
                "TB_NO_REVERSE" => s.no_reverse = true,
                "TB_NO_FORWARD" => s.no_forward = true,
                "TB_FOLDED_LOAD" => s.folded_load = true,
                "TB_FOLDED_STORE" => s.folded_store = true,
                _ => return Err(Fatal::new(&[], format!("X86 manual fold table: unknown flag '{flag}'"))),
            }
        }
        Ok(s)
    }
}

/// One entry: a register form, its memory form and the flags written with them.
#[derive(Clone, Debug)]
struct Entry {
    reg: &'static str,
    mem: &'static str,
    strategy: Strategy,
    alignment: u64,
    /// `TB_BCAST_*`'s suffix, for the broadcast tables.
    broadcast: Option<&'static str>,
}

impl Entry {
    fn print(&self, s: &mut String) {
        let mut attrs = String::new();
        let st = &self.strategy;
        for (on, name) in [
            (st.folded_load, "TB_FOLDED_LOAD|"),
            (st.folded_store, "TB_FOLDED_STORE|"),
            (st.no_reverse, "TB_NO_REVERSE|"),
            (st.no_forward, "TB_NO_FORWARD|"),
        ] {
            if on {
                attrs.push_str(name);
            }
        }
        if self.alignment != 1 {
            let _ = write!(attrs, "TB_ALIGN_{}|", self.alignment);
        }
        if let Some(kind) = self.broadcast {
            let _ = write!(attrs, "TB_BCAST_{kind}|");
        }
        let attrs = attrs.trim_end_matches('|');
        let attrs = if attrs.is_empty() { "0" } else { attrs };
        let _ = writeln!(s, "  {{X86::{}, X86::{}, {attrs}}},", self.reg, self.mem);
    }
}

/// A table: entries by register form, in LLVM's instruction-enum order (non-pseudos after
/// pseudos, then by name).
type Table = BTreeMap<(bool, &'static str), Entry>;

/// What matching reads of an instruction, read when LLVM first reads it.
struct Facts {
    ri: RecognizableInstr,
    mnemonic: String,
}

struct Emitter<'a> {
    f: Fields<'a>,
    form: &'static Form,
    manual: &'static str,
    instructions: &'a Instructions,
    tables: [Table; 10],
    same_mask: Vec<&'static str>,
    /// [`Facts`] by instruction, and the `asmwriternum`'s variant their mnemonics are in.
    facts: HashMap<RecId, Facts>,
    variant: u32,
}

impl<'a> Emitter<'a> {
    fn run(&mut self) -> Result<(), Fatal> {
        let f = self.f;
        let no_fold: HashSet<&str> = uses(self.manual, "NOFOLD").filter_map(|a| a.first().copied()).collect();
        let same_mask: HashSet<&str> =
            uses(self.manual, "NOFOLD_SAME_MASK").filter_map(|a| a.first().copied()).collect();
        let same_mask_prefixes: HashSet<&str> =
            uses(self.manual, "NOFOLD_SAME_MASK_PREFIX").filter_map(|a| a.first().copied()).collect();
        let mut mem_insts: Vec<&Instruction> = Vec::new();
        // Register forms by opcode.
        let mut reg_insts: BTreeMap<u8, Vec<&Instruction>> = BTreeMap::new();
        let instructions = self.instructions;
        for inst in instructions.in_enum_order() {
            let rec = inst.def;
            if !f.is_a(rec, "X86Inst") || f.bit(rec, "isAsmParserOnly")? || no_fold.contains(inst.name) {
                continue;
            }
            if byte_from_rec(&f, rec, "OpMapBits")? == op_map::T_MAP4
                && byte_from_rec(&f, rec, "explicitOpPrefixBits")? == EXPLICIT_EVEX
            {
                continue;
            }
            let named = |n: &str| inst.operands.operands.iter().any(|op| f.name(op.rec) == n);
            if named("RST") || named("RSTi") || named("ptr_rc_tailcall") {
                continue;
            }
            if self.form.same_mask_table && unsafe_for_masked_load(inst.name, &same_mask, &same_mask_prefixes) {
                self.same_mask.push(inst.name);
            }
            let form = byte_from_rec(&f, rec, "FormBits")?;
            let to = may_fold_to_form(form);
            if !to && !may_fold_from_form(form) {
                continue;
            }
            if to {
                mem_insts.push(inst);
            } else {
                let opcode = byte_from_rec(&f, rec, "Opcode")?;
                reg_insts.entry(opcode).or_default().push(inst);
            }
        }
        // Register forms are taken once each for the memory tables and once for the broadcast
        // tables.
        let mut taken = HashSet::new();
        let mut taken_for_broadcast = HashSet::new();
        for mem in mem_insts {
            let opcode = byte_from_rec(&f, mem.def, "Opcode")?;
            let Some(regs) = reg_insts.get(&opcode) else { continue };
            if let Some(reg) = self.first_match(regs, &taken, mem, false)? {
                taken.insert(reg.def);
                self.update_tables(fix_up(&f, instructions, reg)?, mem, Strategy::default(), false, false)?;
            }
            if !mem.name.contains("mb") && !mem.name.contains("mib") {
                continue;
            }
            if let Some(reg) = self.first_match(regs, &taken_for_broadcast, mem, true)? {
                taken_for_broadcast.insert(reg.def);
                self.update_tables(fix_up(&f, instructions, reg)?, mem, Strategy::default(), false, true)?;
            }
        }
        for args in uses(self.manual, "ENTRY") {
            let [reg, mem, strategy] = args[..] else { continue };
            let reg = instruction_named(&f, instructions, reg)?;
            let mem = instruction_named(&f, instructions, mem)?;
            self.update_tables(reg, mem, Strategy::parse(strategy)?, true, false)?;
        }
        Ok(())
    }

    /// The first register form of `regs` not yet taken that `mem` folds (LLVM's `IsMatch`).
    fn first_match(
        &mut self,
        regs: &[&'a Instruction],
        taken: &HashSet<RecId>,
        mem: &Instruction,
        broadcast: bool,
    ) -> Result<Option<&'a Instruction>, Fatal> {
        self.read_facts(mem)?;
        for reg in regs.iter().filter(|r| !taken.contains(&r.def)) {
            if self.matches(reg, mem, broadcast)? {
                return Ok(Some(reg));
            }
        }
        Ok(None)
    }

    /// An instruction's [`Facts`], read once.
    fn read_facts(&mut self, inst: &Instruction) -> Result<(), Fatal> {
        if !self.facts.contains_key(&inst.def) {
            let ri = RecognizableInstr::read(&self.f, inst.def)?;
            self.facts.insert(inst.def, Facts { ri, mnemonic: mnemonic(inst, self.variant) });
        }
        Ok(())
    }

    fn matches(&mut self, reg: &Instruction, mem: &Instruction, broadcast: bool) -> Result<bool, Fatal> {
        self.read_facts(reg)?;
        let f = &self.f;
        let (reg_facts, mem_facts) = (&self.facts[&reg.def], &self.facts[&mem.def]);
        let (r, m) = (&reg_facts.ri, &mem_facts.ri);
        // EVEX.b is rounding control or SAE on a register form, a broadcast on a memory form,
        // and NDD in map 4.
        if broadcast && (r.has_evex_b || !m.has_evex_b) {
            return Ok(false);
        }
        if !broadcast && (r.has_evex_b || m.has_evex_b) && r.op_map != op_map::T_MAP4 {
            return Ok(false);
        }
        if !may_fold_from_left_to_right(r.form, m.form) || mem_facts.mnemonic != reg_facts.mnemonic {
            return Ok(false);
        }
        let fields = |ri: &RecognizableInstr, def: RecId| -> Result<_, Fatal> {
            Ok((
                (ri.encoding, ri.opcode, ri.op_prefix, ri.op_map, ri.op_size, ri.ad_size),
                (ri.has_rex_w, ri.has_vex_4v, ri.has_vex_l, ri.ignores_vex_l, ri.ignores_w),
                (ri.has_evex_k, ri.has_evex_kz, ri.has_evex_l2, ri.has_evex_nf),
                [f.bit(def, "hasEVEX_RC")?, f.bit(def, "hasLockPrefix")?, f.bit(def, "hasNoTrackPrefix")?],
            ))
        };
        if fields(r, reg.def)? != fields(m, mem.def)? {
            return Ok(false);
        }
        let (reg_def, mem_def) = (reg.def, mem.def);
        let mem_outs = operand_dag_len(f, mem_def, "OutOperandList")?;
        let reg_outs = operand_dag_len(f, reg_def, "OutOperandList")?;
        let mem_ins = operand_dag_len(f, mem_def, "InOperandList")?;
        let reg_ins = operand_dag_len(f, reg_def, "InOperandList")?;
        // A memory form with one output fewer reads and writes the folded operand.
        let start = usize::from(mem_outs + 1 == reg_outs && mem_ins == reg_ins);
        let mut found = false;
        for (i, mem_op) in mem.operands.operands.iter().enumerate() {
            let Some(reg_op) = reg.operands.operands.get(i + start) else { return Ok(false) };
            let (m_rec, r_rec) = (mem_op.rec, reg_op.rec);
            if m_rec == r_rec {
                continue;
            }
            if is_register_operand(f, m_rec)
                && is_register_operand(f, r_rec)
                && (reg_operand_size(f, m_rec)? != reg_operand_size(f, r_rec)?
                    || is_norex(f, m_rec) != is_norex(f, r_rec))
            {
                return Ok(false);
            }
            let (m_mem, r_mem) = (is_memory_operand(f, m_rec)?, is_memory_operand(f, r_rec)?);
            if m_mem && r_mem && mem_operand_size(f, m_rec)? != mem_operand_size(f, r_rec)? {
                return Ok(false);
            }
            if is_immediate_operand(f, m_rec)?
                && is_immediate_operand(f, r_rec)?
                && f.def(m_rec, "Type")? != f.def(r_rec, "Type")?
            {
                return Ok(false);
            }
            // Only one operand may be folded.
            if found {
                return Ok(false);
            }
            found = true;
        }
        Ok(found)
    }

    /// `updateTables`: the table an entry goes in, from how the two forms' operands differ.
    fn update_tables(
        &mut self,
        reg: &Instruction,
        mem: &Instruction,
        strategy: Strategy,
        manual: bool,
        broadcast: bool,
    ) -> Result<(), Fatal> {
        let f = self.f;
        let mem_outs = operand_dag_len(&f, mem.def, "OutOperandList")?;
        let reg_outs = operand_dag_len(&f, reg.def, "OutOperandList")?;
        let mem_ins = operand_dag_len(&f, mem.def, "InOperandList")?;
        let reg_ins = operand_dag_len(&f, reg.def, "InOperandList")?;
        // Read-modify-write.
        if mem_outs == 0 && reg_outs == 1 && mem_ins == reg_ins {
            let strategy = Strategy { no_reverse: true, ..strategy };
            return self.add_entry(TABLE_2ADDR, reg, mem, strategy, 0, manual);
        }
        if mem_ins == reg_ins && mem_outs == reg_outs {
            // A load folded into operand `i`.
            for i in reg_outs..reg.operands.operands.len() {
                let reg_op = reg.operands.operands[i].rec;
                let Some(mem_op) = mem.operands.operands.get(i).map(|op| op.rec) else { break };
                let register_like = is_register_operand(&f, reg_op) || f.is_a(reg_op, self.form.register_like_class);
                if !register_like || !is_memory_operand(&f, mem_op)? {
                    continue;
                }
                return match i {
                    0 => {
                        let strategy = Strategy { folded_load: true, ..strategy };
                        self.add_entry(TABLE0, reg, mem, strategy, 0, manual)
                    }
                    1..=4 if broadcast => self.add_broadcast_entry(BROADCAST0 + i, reg, mem),
                    1..=4 => self.add_entry(TABLE0 + i, reg, mem, strategy, i, manual),
                    // LLVM's switch has no later tables: the search goes on.
                    _ => continue,
                };
            }
        } else if mem_ins == reg_ins + 1 && mem_outs + 1 == reg_outs {
            // A store: the register form's output becomes the memory form's first input.
            let (Some(reg_op), Some(mem_op)) =
                (reg.operands.operands.get(reg_outs - 1), mem.operands.operands.get(reg_outs - 1))
            else {
                return Ok(());
            };
            let (reg_op, mem_op) = (reg_op.rec, mem_op.rec);
            if is_register_operand(&f, reg_op)
                && is_memory_operand(&f, mem_op)?
                && reg_operand_size(&f, reg_op)? == mem_operand_size(&f, mem_op)?
            {
                let strategy = Strategy { folded_store: true, ..strategy };
                self.add_entry(TABLE0, reg, mem, strategy, 0, manual)?;
            }
        }
        Ok(())
    }

    /// `addEntryWithFlags`: the flags that the operand sizes, moves, alignment and expands
    /// add to an automatic entry.
    fn add_entry(
        &mut self,
        table: usize,
        reg: &Instruction,
        mem: &Instruction,
        strategy: Strategy,
        folded: usize,
        manual: bool,
    ) -> Result<(), Fatal> {
        let f = self.f;
        let mut entry = Entry { reg: reg.name, mem: mem.name, strategy, alignment: 1, broadcast: None };
        if !manual {
            let reg_op = reg.operands.operands[folded].rec;
            let mem_op = mem.operands.operands[folded].rec;
            // Unfolding loads the register's size: not more than the memory operand holds.
            if reg_operand_size(&f, reg_op)? > mem_operand_size(&f, mem_op)? {
                entry.strategy.no_reverse = true;
            }
            // A masked load cannot be unfolded into a full load, nor a plain store unfolded.
            let drop = if reg.name.ends_with("rkz") { 2 } else { usize::from(reg.name.ends_with("rk")) };
            let base = match drop {
                0 => None,
                _ => f.input.records.def(&reg.name[..reg.name.len() - drop]),
            };
            let is_move_reg = match base {
                Some(base) => instruction_of(&f, self.instructions, base)?.flags.is_move_reg,
                None => reg.flags.is_move_reg,
            };
            if is_move_reg && (base.is_some() || entry.strategy.folded_store) {
                entry.strategy.no_reverse = true;
            }
            let enc = byte_from_rec(&f, reg.def, "OpEncBits")?;
            if EXPLICIT_ALIGN.iter().any(|s| reg.name.contains(s)) {
                let size = byte_from_rec(&f, reg.def, "VectSize")?;
                if !size.is_power_of_two() {
                    let locs = &f.input.records.get(reg.def).locs;
                    return Err(Fatal::new(locs, format!("{}: VectSize {size} is not a power of two", reg.name)));
                }
                entry.alignment = u64::from(size);
            } else if enc == 0
                && !EXPLICIT_UNALIGN.iter().any(|s| reg.name.contains(s))
                && mem_operand_size(&f, mem_op)? > 64
            {
                // Legacy SSE packed vector instructions need 16-byte alignment.
                entry.alignment = 16;
            }
            // A masked expand may come from an expand-load intrinsic: not to be unfolded.
            if reg.name.contains("EXPAND") {
                entry.strategy.no_reverse = true;
            }
        }
        self.insert(table, reg, entry)
    }

    /// `addBroadcastEntry`: the broadcast element type from the memory form's first typed
    /// memory operand.
    fn add_broadcast_entry(&mut self, table: usize, reg: &Instruction, mem: &Instruction) -> Result<(), Fatal> {
        let f = self.f;
        let ins = f.init(mem.def, "InOperandList")?;
        let mut kind = None;
        if let tdq_core::init::InitKind::Dag(_, _, args) = ins.kind() {
            kind = args.iter().find_map(|(arg, _)| match arg.as_def().map(|d| f.name(d)) {
                Some("i16mem") => Some("W"),
                Some("i32mem") => Some("D"),
                Some("i64mem") => Some("Q"),
                Some("f16mem") => Some("SH"),
                Some("f32mem") => Some("SS"),
                Some("f64mem") => Some("SD"),
                _ => None,
            });
        }
        let Some(kind) = kind else {
            let locs = &f.input.records.get(mem.def).locs;
            return Err(Fatal::new(locs, format!("{}: unknown memory operand for broadcast", mem.name)));
        };
        let entry =
            Entry { reg: reg.name, mem: mem.name, strategy: Strategy::default(), alignment: 1, broadcast: Some(kind) };
        self.insert(table, reg, entry)
    }

    fn insert(&mut self, table: usize, reg: &Instruction, entry: Entry) -> Result<(), Fatal> {
        let not_pseudo = !self.f.bit(reg.def, "isPseudo")?;
        self.tables[table].insert((not_pseudo, reg.name), entry);
        Ok(())
    }
}

/// A `_REV` or `_alt` register form stands for the instruction without the suffix, if any.
fn fix_up<'a>(f: &Fields, instructions: &'a Instructions, reg: &'a Instruction) -> Result<&'a Instruction, Fatal> {
    if reg.name.ends_with("_REV") || reg.name.ends_with("_alt") {
        if let Some(def) = f.input.records.def(&reg.name[..reg.name.len() - 4]) {
            return instruction_of(f, instructions, def);
        }
    }
    Ok(reg)
}

/// The instruction of a def, or LLVM's complaint that it is none.
fn instruction_of<'a>(f: &Fields, instructions: &'a Instructions, def: RecId) -> Result<&'a Instruction, Fatal> {
    instructions.get_def(def).ok_or_else(|| {
        let name = f.input.records.get(def).name_string();
        Fatal::new(&f.input.records.get(def).locs, format!("Unknown instruction '{name}'"))
    })
}

/// A manual entry's instruction, which must exist.
fn instruction_named<'a>(f: &Fields, instructions: &'a Instructions, name: &str) -> Result<&'a Instruction, Fatal> {
    match f.input.records.def(name) {
        Some(def) => instruction_of(f, instructions, def),
        None => Err(Fatal::new(&[], format!("X86 manual fold table: instruction '{name}' not found"))),
    }
}

/// A register class limited to registers without REX (`GR8_NOREX`...).
fn is_norex(f: &Fields, rec: RecId) -> bool {
    f.name(rec).contains("_NOREX")
}

/// `isNoFoldMaskedInstruction` (LLVM 23): named in `NOFOLD_SAME_MASK`, or a masked AVX-512
/// form (`PREFIX[Z|Z128|Z256][rr|ri|rri](k|kz)`) of a `NOFOLD_SAME_MASK_PREFIX`.
fn unsafe_for_masked_load(name: &str, names: &HashSet<&str>, prefixes: &HashSet<&str>) -> bool {
    if names.contains(name) {
        return true;
    }
    let Some(name) = name.strip_suffix("kz").or_else(|| name.strip_suffix('k')) else {
        return false;
    };
    let name = name
        .strip_suffix("rri")
        .or_else(|| name.strip_suffix("rr"))
        .or_else(|| name.strip_suffix("ri"))
        .unwrap_or(name);
    let Some(name) = name.strip_suffix("Z128").or_else(|| name.strip_suffix("Z256")).or_else(|| name.strip_suffix('Z'))
    else {
        return false;
    };
    prefixes.contains(name)
}

/// A register form that may fold.
fn may_fold_from_form(form: u8) -> bool {
    matches!(
        form,
        form::MRM_XR
            | form::MRM_XR_CC
            | form::MRM_DEST_REG
            | form::MRM_SRC_REG
            | form::MRM_SRC_REG_4VOP3
            | form::MRM_SRC_REG_OP4
            | form::MRM_SRC_REG_CC
    ) || (form::MRM0R..=form::MRM7R).contains(&form)
}

/// A memory form that may be folded into.
fn may_fold_to_form(form: u8) -> bool {
    matches!(
        form,
        form::MRM_XM
            | form::MRM_XM_CC
            | form::MRM_DEST_MEM
            | form::MRM_SRC_MEM
            | form::MRM_SRC_MEM_4VOP3
            | form::MRM_SRC_MEM_OP4
            | form::MRM_SRC_MEM_CC
    ) || (form::MRM0M..=form::MRM7M).contains(&form)
}

/// The memory form that corresponds to a register form.
fn may_fold_from_left_to_right(reg: u8, mem: u8) -> bool {
    let to = match reg {
        form::MRM0R..=form::MRM7R => reg - form::MRM0R + form::MRM0M,
        form::MRM_XR => form::MRM_XM,
        form::MRM_XR_CC => form::MRM_XM_CC,
        form::MRM_DEST_REG => form::MRM_DEST_MEM,
        form::MRM_SRC_REG => form::MRM_SRC_MEM,
        form::MRM_SRC_REG_4VOP3 => form::MRM_SRC_MEM_4VOP3,
        form::MRM_SRC_REG_OP4 => form::MRM_SRC_MEM_OP4,
        form::MRM_SRC_REG_CC => form::MRM_SRC_MEM_CC,
        _ => return false,
    };
    to == mem
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_forms_are_found_by_prefix() {
        let names: HashSet<&str> = ["VPERMBZrrk"].into_iter().collect();
        let prefixes: HashSet<&str> = ["VALIGND", "VMOVDDUP"].into_iter().collect();
        assert!(unsafe_for_masked_load("VPERMBZrrk", &names, &prefixes));
        assert!(unsafe_for_masked_load("VALIGNDZ128rrikz", &names, &prefixes));
        assert!(unsafe_for_masked_load("VALIGNDZrrik", &names, &prefixes));
        assert!(!unsafe_for_masked_load("VALIGNQZrrik", &names, &prefixes));
        assert!(unsafe_for_masked_load("VMOVDDUPZ256rrkz", &names, &prefixes));
        assert!(unsafe_for_masked_load("VMOVDDUPZrrk", &names, &prefixes));
        assert!(!unsafe_for_masked_load("VMOVDDUPZrr", &names, &prefixes));
        assert!(!unsafe_for_masked_load("VMOVDDUPrrk", &names, &prefixes));
    }

    #[test]
    fn register_forms_fold_into_their_memory_forms() {
        assert!(may_fold_from_left_to_right(form::MRM0R + 3, form::MRM0M + 3));
        assert!(!may_fold_from_left_to_right(form::MRM0R + 3, form::MRM0M + 4));
        assert!(may_fold_from_left_to_right(form::MRM_SRC_REG_CC, form::MRM_SRC_MEM_CC));
        assert!(!may_fold_from_left_to_right(form::PSEUDO, form::PSEUDO));
        assert!(may_fold_to_form(form::MRM7M) && !may_fold_to_form(form::MRM7R));
        assert!(may_fold_from_form(form::MRM7R) && !may_fold_from_form(form::MRM7M));
    }

    #[test]
    fn strategies_parse_as_written() {
        let s = Strategy::parse("TB_FOLDED_STORE | TB_NO_REVERSE").unwrap();
        assert!(s.folded_store && s.no_reverse && !s.folded_load && !s.no_forward);
        assert!(Strategy::parse("TB_ALIGN_16").is_err());
    }
}
