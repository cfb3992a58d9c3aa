//! X86's disassembler tables (LLVM's X86DisassemblerTables.cpp): for each opcode map, a
//! context decision (per instruction context, per opcode, per ModR/M byte: the instruction),
//! the ModR/M decisions shared in one `modRMTable`, the instruction specifiers with their
//! operand sets, and the table from prefix attributes to contexts. What each instruction
//! contributes is the model's ([`tdq_models::target::x86::disassembler`]); filling and
//! writing the tables is here.

use crate::BackendError;
use std::collections::HashMap;
use std::fmt::Write as _;
use tdq_core::diag::Diagnostics;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::x86::contexts::{Contexts, Ctx, Inherit};
use tdq_models::target::x86::disassembler::{recognize, DecodePath, Filter, Specifier, ENCODINGS, TYPES};
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

/// How a release writes the context decisions of the opcode maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Maps {
    /// One `ContextDecision` per map (LLVM 19, 22).
    EachWhole,
    /// The four common maps whole; the eight sparse ones as a pool of distinct opcode decisions
    /// and a table of indexes into it (LLVM 23).
    SparsePooled,
}

const MAPS: ByRelease<Maps> = ByRelease { v19: Maps::EachWhole, v22: Maps::EachWhole, v23: Maps::SparsePooled };

/// The opcode maps' table names (`OpcodeType` order).
const MAP_NAMES: [&str; 12] = [
    "x86DisassemblerOneByteOpcodes",
    "x86DisassemblerTwoByteOpcodes",
    "x86DisassemblerThreeByte38Opcodes",
    "x86DisassemblerThreeByte3AOpcodes",
    "x86DisassemblerXOP8Opcodes",
    "x86DisassemblerXOP9Opcodes",
    "x86DisassemblerXOPAOpcodes",
    "x86Disassembler3DNowOpcodes",
    "x86DisassemblerMap4Opcodes",
    "x86DisassemblerMap5Opcodes",
    "x86DisassemblerMap6Opcodes",
    "x86DisassemblerMap7Opcodes",
];

/// The first of the sparse maps (`XOP8_MAP`).
const FIRST_SPARSE_MAP: usize = 4;

/// A ModR/M decision: the instruction of each ModR/M byte (0: none).
type ModRm = Box<[u16; 256]>;
/// An opcode decision: a ModR/M decision per opcode, `None` where no instruction is.
type OpcodeDecision = Box<[Option<ModRm>]>;

/// `ModRMDecisionType`, in enum order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DecisionType {
    OneEntry,
    SplitRm,
    SplitMisc,
    SplitReg,
    Full,
}

impl DecisionType {
    fn name(self) -> &'static str {
        match self {
            DecisionType::OneEntry => "MODRM_ONEENTRY",
            DecisionType::SplitRm => "MODRM_SPLITRM",
            DecisionType::SplitMisc => "MODRM_SPLITMISC",
            DecisionType::SplitReg => "MODRM_SPLITREG",
            DecisionType::Full => "MODRM_FULL",
        }
    }

    /// `getDecisionType`: the most compact form that keeps the decision.
    fn of(ids: &[u16; 256]) -> DecisionType {
        let (mut one, mut split_rm, mut split_reg, mut split_misc) = (true, true, true, true);
        for (index, &id) in ids.iter().enumerate() {
            let reg = index & 0xc0 == 0xc0;
            one &= id == ids[0];
            split_rm &= if reg { id == ids[0xc0] } else { id == ids[0] };
            if reg {
                split_reg &= id == ids[index & 0xf8];
            } else {
                split_misc &= id == ids[index & 0x38];
            }
        }
        match () {
            _ if one => DecisionType::OneEntry,
            _ if split_rm => DecisionType::SplitRm,
            _ if split_reg && split_misc => DecisionType::SplitReg,
            _ if split_misc => DecisionType::SplitMisc,
            _ => DecisionType::Full,
        }
    }

    /// The entries the decision keeps of its 256.
    fn entries(self, ids: &[u16; 256]) -> Vec<u16> {
        match self {
            DecisionType::OneEntry => vec![ids[0]],
            DecisionType::SplitRm => vec![ids[0], ids[0xc0]],
            DecisionType::SplitReg => (0..64).step_by(8).chain((0xc0..256).step_by(8)).map(|i| ids[i]).collect(),
            DecisionType::SplitMisc => (0..64).step_by(8).chain(0xc0..256).map(|i| ids[i]).collect(),
            DecisionType::Full => ids.to_vec(),
        }
    }
}

/// `DisassemblerTables`.
struct Tables<'a> {
    contexts: &'a Contexts,
    /// By map, by context.
    maps: Vec<Vec<Option<OpcodeDecision>>>,
    specifiers: Vec<Specifier>,
    /// The contexts inheriting from a context under some flags, as computed.
    children: HashMap<(Ctx, Inherit), Vec<Ctx>>,
    /// The contexts inheriting from `IC_64BIT`.
    in_64bit: Vec<bool>,
    conflicts: bool,
}

impl<'a> Tables<'a> {
    fn new(contexts: &'a Contexts) -> Tables<'a> {
        let ic_64bit = contexts.get("IC_64BIT").unwrap_or(0);
        let in_64bit =
            (0..contexts.len()).map(|c| contexts.inherits_from(c as Ctx, ic_64bit, Inherit::DEFAULT)).collect();
        Tables {
            contexts,
            maps: (0..MAP_NAMES.len()).map(|_| (0..contexts.len()).map(|_| None).collect()).collect(),
            specifiers: Vec::new(),
            children: HashMap::new(),
            in_64bit,
            conflicts: false,
        }
    }

    /// `setTableFields` for one opcode: the instruction in every context that inherits from
    /// its own.
    fn set(&mut self, path: &DecodePath, opcode: u8, uid: u16, diags: &mut Diagnostics) {
        let (map, filter, inherit) = (path.map as usize, path.filter, path.inherit);
        let parent = self.specifiers[uid as usize].context;
        let contexts = self.contexts;
        let children = self.children.entry((parent, inherit)).or_insert_with(|| {
            (0..contexts.len() as Ctx).filter(|&c| contexts.inherits_from(c, parent, inherit)).collect()
        });
        let children = std::mem::take(children);
        for &ctx in &children {
            if path.excludes_64bit && self.in_64bit[ctx as usize] {
                continue;
            }
            self.set_modrm(map, ctx, opcode, filter, uid, diags);
        }
        self.children.insert((parent, inherit), children);
    }

    /// `setTableFields` for one ModR/M decision.
    fn set_modrm(&mut self, map: usize, ctx: Ctx, opcode: u8, filter: Filter, uid: u16, diags: &mut Diagnostics) {
        let decision = self.maps[map][ctx as usize].get_or_insert_with(|| (0..256).map(|_| None).collect());
        let ids = decision[opcode as usize].get_or_insert_with(|| Box::new([0; 256]));
        for modrm in 0..=255u8 {
            if !filter.accepts(modrm) {
                continue;
            }
            let previous = ids[modrm as usize];
            if previous == uid {
                continue;
            }
            if previous != 0 {
                let new = &self.specifiers[uid as usize];
                let old = &self.specifiers[previous as usize];
                // XCHG*ar would take NOOP's place.
                if old.name == "NOOP" && matches!(new.name, "XCHG16ar" | "XCHG32ar" | "XCHG64ar") {
                    continue;
                }
                if self.contexts.outranks(old.context, new.context) {
                    continue;
                }
                if old.context == new.context {
                    diags.text(format!(
                        "Error: Primary decode conflict: {} would overwrite {}\nModRM   {modrm}\nOpcode  {opcode}\nContext {}\n",
                        new.name,
                        old.name,
                        self.contexts.name(new.context)
                    ));
                    self.conflicts = true;
                }
            }
            ids[modrm as usize] = uid;
        }
    }
}

/// Writes X86's tables after the file header; a primary decode conflict is LLVM's error at
/// the target, and no tables.
pub fn emit(
    input: &Evaluation,
    release: Release,
    target: &Target,
    diags: &mut Diagnostics,
    o: &mut String,
) -> Result<(), BackendError> {
    let f = Fields { input };
    let contexts = Contexts::new(release);
    let instructions = Instructions::get(input)?;
    let mut tables = Tables::new(&contexts);
    for (uid, inst) in instructions.in_enum_order().enumerate() {
        if !f.is_a(inst.def, "X86Inst") {
            continue;
        }
        let Ok(uid) = u16::try_from(uid) else {
            let message = format!("{}: more instructions than the X86 disassembler's 16-bit IDs", inst.name);
            return Err(Fatal::new(&input.records.get(inst.def).locs, message).into());
        };
        if tables.specifiers.len() <= uid as usize {
            tables.specifiers.resize(uid as usize + 1, Specifier::default());
        }
        let Some(recognized) = recognize(&f, inst, &contexts)? else { continue };
        tables.specifiers[uid as usize] = recognized.specifier;
        let path = recognized.path;
        for &opcode in &path.opcodes {
            tables.set(&path, opcode, uid, diags);
        }
    }
    if tables.conflicts {
        diags.error_at(&input.records.get(target.def).locs, "Primary decode conflict");
        return Ok(());
    }
    Writer::new(&tables).write(*MAPS.get(release), o);
    Ok(())
}

/// `DisassemblerTables::emit` and what it calls.
struct Writer<'t, 'a> {
    tables: &'t Tables<'a>,
    /// The ModR/M table (`o1`) and the context decisions (`o2`), written side by side.
    modrm_text: String,
    decisions_text: String,
    /// `ModRMTable`: each distinct list of entries and where it starts.
    modrm_index: HashMap<Vec<u16>, usize>,
    /// `ModRMTableNum`: the entries written so far.
    modrm_entries: usize,
    /// `i2`: the context decisions' indentation.
    indent: usize,
}

impl<'t, 'a> Writer<'t, 'a> {
    fn new(tables: &'t Tables<'a>) -> Writer<'t, 'a> {
        Writer {
            tables,
            modrm_text: String::new(),
            decisions_text: String::new(),
            modrm_index: HashMap::new(),
            modrm_entries: 0,
            indent: 0,
        }
    }

    fn write(mut self, maps: Maps, o: &mut String) {
        self.instruction_info(o);
        o.push('\n');
        self.context_table(o);
        o.push('\n');
        o.push_str("static const InstrUID modRMTable[] = {\n");
        // The empty table is entry 0.
        self.modrm_index.insert(vec![0], 0);
        self.modrm_entries = 1;
        self.modrm_text.push_str("/*EmptyTable*/\n  0x0,\n");
        let whole = match maps {
            Maps::EachWhole => MAP_NAMES.len(),
            Maps::SparsePooled => FIRST_SPARSE_MAP,
        };
        for (map, name) in MAP_NAMES.iter().enumerate().take(whole) {
            self.context_decision(map, name);
        }
        if maps == Maps::SparsePooled {
            self.sparse_maps();
        }
        o.push_str(&self.modrm_text);
        o.push_str("  0x0\n};\n\n");
        o.push_str(&self.decisions_text);
        o.push_str("\n\n");
    }

    /// `emitInstructionInfo`: the distinct operand sets, then each instruction's.
    fn instruction_info(&self, o: &mut String) {
        let specifiers = &self.tables.specifiers;
        o.push_str("static const struct OperandSpecifier x86OperandSets[][6] = {\n");
        let mut sets: HashMap<&[(u8, u8)], usize> = HashMap::new();
        for spec in specifiers {
            if sets.contains_key(&spec.operands[..]) {
                continue;
            }
            let n = sets.len();
            sets.insert(&spec.operands[..], n);
            let _ = writeln!(o, "  {{ /* {n} */");
            for &(encoding, ty) in &spec.operands {
                let _ = writeln!(o, "    {{ {}, {} }},", ENCODINGS[encoding as usize], TYPES[ty as usize]);
            }
            o.push_str("  },\n");
        }
        o.push_str("};\n\n");
        let _ = writeln!(
            o,
            "static const struct InstructionSpecifier x86DisassemblerInstrSpecifiers[{}] = {{",
            specifiers.len()
        );
        for (index, spec) in specifiers.iter().enumerate() {
            let _ =
                write!(o, "  {{ /* {index} */\n    {},\n    /* {} */\n  }},\n", sets[&spec.operands[..]], spec.name);
        }
        o.push_str("};\n");
    }

    /// `emitContextTable`: the context of each set of attribute bits.
    fn context_table(&self, o: &mut String) {
        let contexts = self.tables.contexts;
        let n = contexts.attribute_sets();
        let _ = writeln!(o, "static const uint8_t x86DisassemblerContexts[{n}] = {{");
        for index in 0..n {
            let _ = writeln!(o, "  {}, // {index}", contexts.for_attributes(index));
        }
        o.push_str("};\n");
    }

    /// `emitContextDecision`: one map's opcode decisions, every context's.
    fn context_decision(&mut self, map: usize, name: &str) {
        let _ = writeln!(
            self.decisions_text,
            "{:w$}static const struct ContextDecision {name} = {{{{/* opcodeDecisions */",
            "",
            w = self.indent
        );
        self.indent += 1;
        let tables = self.tables;
        for (ctx, decision) in tables.maps[map].iter().enumerate() {
            let _ = write!(self.decisions_text, "{:w$}/*{}*/ ", "", tables.contexts.name(ctx as Ctx), w = self.indent);
            self.opcode_decision(decision.as_deref());
        }
        self.indent -= 1;
        let _ = writeln!(self.decisions_text, "{:w$}}}}};", "", w = self.indent);
    }

    /// `emitOpcodeDecision`: `{}` when no opcode has an instruction, else each opcode's
    /// ModR/M decision.
    fn opcode_decision(&mut self, decision: Option<&[Option<ModRm>]>) {
        self.decisions_text.push('{');
        let Some(decision) = decision.filter(|d| d.iter().any(|ids| ids.as_ref().is_some_and(|ids| !is_empty(ids))))
        else {
            self.decisions_text.push_str("},\n");
            return;
        };
        self.indent += 1;
        self.decisions_text.push_str(" /* struct OpcodeDecision */ {\n");
        for (opcode, ids) in decision.iter().enumerate() {
            let _ = write!(self.decisions_text, "{:w$}/*0x{opcode:02x}*/", "", w = self.indent);
            self.modrm_decision(ids.as_deref());
            if opcode < 255 {
                self.decisions_text.push(',');
            }
            self.decisions_text.push('\n');
        }
        let _ = writeln!(self.decisions_text, "{:w$}}}", "", w = self.indent);
        self.indent -= 1;
        let _ = writeln!(self.decisions_text, "{:w$}}},", "", w = self.indent);
    }

    /// `emitModRMDecision`: its type and where its entries start in `modRMTable`, written
    /// there when first met.
    fn modrm_decision(&mut self, ids: Option<&[u16; 256]>) {
        let Some(ids) = ids.filter(|ids| !is_empty(ids)) else {
            self.decisions_text.push_str("{MODRM_ONEENTRY, 0}");
            return;
        };
        let kind = DecisionType::of(ids);
        let entries = kind.entries(ids);
        let start = match self.modrm_index.get(&entries) {
            Some(&start) => start,
            None => {
                let start = self.modrm_entries;
                self.modrm_entries += entries.len();
                let _ = writeln!(self.modrm_text, "/*Table{start}*/");
                for &id in &entries {
                    let _ = writeln!(self.modrm_text, "  0x{id:x}, /*{}*/", self.tables.specifiers[id as usize].name);
                }
                self.modrm_index.insert(entries, start);
                start
            }
        };
        let _ = write!(self.decisions_text, "{{{}, {start}}}", kind.name());
    }

    /// LLVM 23's sparse maps: each distinct opcode decision once, then the index of each
    /// map's and context's.
    fn sparse_maps(&mut self) {
        self.decisions_text.push_str("static const struct OpcodeDecision x86DisassemblerSparseOpcodeDecisions[] = {\n");
        self.indent += 1;
        let tables = self.tables;
        let mut pool: HashMap<Vec<u16>, usize> = HashMap::new();
        let mut indices: Vec<Vec<usize>> = Vec::new();
        for map in FIRST_SPARSE_MAP..MAP_NAMES.len() {
            let mut row = Vec::with_capacity(tables.contexts.len());
            for decision in &tables.maps[map] {
                let key = sparse_key(decision.as_deref());
                let next = pool.len();
                let index = *pool.entry(key).or_insert(next);
                if index == next {
                    self.opcode_decision(decision.as_deref());
                }
                row.push(index);
            }
            indices.push(row);
        }
        self.indent -= 1;
        self.decisions_text.push_str("};\n\n");
        self.decisions_text
            .push_str("static const uint16_t x86DisassemblerSparseOpcodeDecisionIndices[][IC_max] = {\n");
        let contexts = tables.contexts;
        for row in indices {
            self.decisions_text.push_str(" {\n");
            for (ctx, index) in row.into_iter().enumerate() {
                let _ = writeln!(self.decisions_text, "  {index}, // {}", contexts.name(ctx as Ctx));
            }
            self.decisions_text.push_str(" },\n");
        }
        self.decisions_text.push_str("};\n");
    }
}

/// A ModR/M decision without any instruction.
fn is_empty(ids: &[u16; 256]) -> bool {
    ids.iter().all(|&id| id == 0)
}

/// What tells two opcode decisions apart: each opcode's decision type and entries.
fn sparse_key(decision: Option<&[Option<ModRm>]>) -> Vec<u16> {
    let mut key = Vec::new();
    for opcode in 0..256 {
        match decision.and_then(|d| d[opcode].as_deref()) {
            Some(ids) => {
                let kind = DecisionType::of(ids);
                key.push(kind as u16);
                key.extend(kind.entries(ids));
            }
            None => key.extend([DecisionType::OneEntry as u16, 0]),
        }
    }
    key
}
