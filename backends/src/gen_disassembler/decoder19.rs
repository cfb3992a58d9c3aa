//! LLVM 19's table-driven decoder (DecoderEmitter.cpp of LLVM 19): the encodings of each
//! (decoder namespace and mode, size) split by a `FilterChooser` on their known bits, each
//! chooser writing its share of the byte table as it goes with 24-bit skips patched
//! afterwards, then the predicates, the operand decoders and the interpreter.

use super::decoder::{
    bit_attrs, encoding_modes, features, islands, known_bits, most_useful, regions, Bits, Filter, Indexed,
};
use super::Duplicates;
use crate::BackendError;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};
use tdq_models::records::derived_definitions;
use tdq_models::target::encodings::var_len::VarLenInst;
use tdq_models::target::encodings::{DecoderEncoding, Encodings, InstEncoding};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

type Result<T> = std::result::Result<T, BackendError>;

/// The table's opcodes (`MCD::DecoderOps`).
mod op {
    pub const EXTRACT_FIELD: u8 = 1;
    pub const FILTER_VALUE: u8 = 2;
    pub const CHECK_FIELD: u8 = 3;
    pub const CHECK_PREDICATE: u8 = 4;
    pub const DECODE: u8 = 5;
    pub const TRY_DECODE: u8 = 6;
    pub const SOFT_FAIL: u8 = 7;
    pub const FAIL: u8 = 8;
}

/// `DecoderEmitter::run`.
pub fn emit(
    input: &Evaluation,
    target: &Target,
    encodings: &Encodings,
    duplicates: Duplicates,
    diags: &mut Diagnostics,
    o: &mut String,
) -> Result<()> {
    let instructions = Instructions::get(input)?;
    let Parsed { all, tables, instr_len } =
        parse_encodings(input, target, encodings, &instructions, duplicates, diags)?;
    o.push_str(PRELUDE);
    // Variable-length encodings are all decoded at the width of the longest.
    let max_len = all.iter().map(|e| e.bits.len()).max().unwrap_or(0);
    let mut mandatory: Vec<Bits> = all.iter().map(DecoderEncoding::mandatory_bits).collect();
    if encodings.variable_length {
        for bits in &mut mandatory {
            bits.resize(bits.len().max(max_len), None);
        }
    }
    // `PredicateNamespace`: Thumb's predicates are ARM's.
    let namespace = if target.name == "Thumb" { "ARM" } else { target.name };
    let mut writer = Writer {
        input,
        instructions: &instructions,
        encodings: &all,
        mandatory: &mandatory,
        namespace,
        table: Vec::new(),
        fixups: Vec::new(),
        predicates: Indexed::default(),
        decoders: Indexed::default(),
        diags,
    };
    for ((namespace, size), ids) in &tables {
        let width = if encodings.variable_length { max_len as u32 } else { (size * 8) as u32 };
        let chooser = writer.choose(ids.clone(), vec![FilterBit::Unfiltered; width as usize]);
        writer.table.clear();
        writer.fixups = vec![Vec::new()];
        writer.entries(&chooser, &mut Vec::new())?;
        let end = writer.table.len();
        let scope = writer.fixups.pop().unwrap_or_default();
        writer.resolve(&scope, end);
        writer.table.push(op::FAIL);
        print_table(o, &writer.table, &format!("DecoderTable{namespace}{width}"), ids, &all, &instructions);
    }
    if encodings.variable_length {
        // `emitInstrLenTable`.
        o.push_str("static const uint8_t InstrLenTable[] = {\n");
        for len in &instr_len {
            let _ = writeln!(o, "{len},");
        }
        o.push_str("};\n\n");
    }
    print_predicates(o, &writer.predicates.items);
    print_decoders(o, &writer.decoders.items);
    if encodings.variable_length {
        // The interpreter makes up the bits it reads before reading them.
        let interpreter = INTERPRETER
            .replacen(
                "const MCSubtargetInfo &STI) {",
                "const MCSubtargetInfo &STI,\n                                      llvm::function_ref<void(APInt &, uint64_t)> makeUp) {",
                1,
            )
            .replacen("unsigned Len = *Ptr++;", "unsigned Len = *Ptr++;\n      makeUp(insn, Start + Len);", 1)
            .replacen("unsigned Len = *Ptr;", "unsigned Len = *Ptr;\n      makeUp(insn, Start + Len);", 1)
            .replacen(
                "bool DecodeComplete;",
                "bool DecodeComplete;\n      unsigned Len = InstrLenTable[Opc];\n      makeUp(insn, Len);",
                1,
            );
        o.push_str(&interpreter);
    } else {
        o.push_str(INTERPRETER);
    }
    o.push_str("\n} // end namespace llvm\n");
    Ok(())
}

/// Tables by (decoder namespace with its mode's suffix, size in bytes), in that order.
type Tables = BTreeMap<(String, i64), Vec<usize>>;

/// The encodings LLVM 19 decodes and the tables they go in.
struct Parsed {
    all: Vec<DecoderEncoding>,
    tables: Tables,
    /// Variable-length encodings: the length of each in bits, by `NumberedEncodings` index.
    instr_len: Vec<usize>,
}

/// The encodings LLVM 19 decodes, numbered, and the tables they go in.
fn parse_encodings(
    input: &Evaluation,
    target: &Target,
    encodings: &Encodings,
    instructions: &Instructions,
    duplicates: Duplicates,
    diags: &mut Diagnostics,
) -> Result<Parsed> {
    let f = Fields { input };
    let (modes, namespace_modes) = encoding_modes(&f, target)?;
    // (encoding def, instruction, mode) in LLVM's `NumberedEncodings` order.
    let mut numbered: Vec<(RecId, RecId, u32)> = Vec::new();
    for inst in instructions.in_enum_order() {
        match encodings.of(input, inst.def)? {
            InstEncoding::ByMode(by) => numbered.extend(by.iter().map(|(mode, &def)| (def, inst.def, mode))),
            InstEncoding::Own(def) => match duplicates {
                Duplicates::Keep => numbered.extend(modes.iter().map(|&mode| (def, inst.def, mode))),
                Duplicates::PerNamespace => match namespace_modes.get(f.string(def, "DecoderNamespace")?) {
                    Some(ns_modes) => numbered.extend(ns_modes.iter().map(|&mode| (def, inst.def, mode))),
                    None => numbered.push((def, inst.def, 0)),
                },
                Duplicates::DefaultOnly => numbered.push((def, inst.def, 0)),
            },
        }
    }
    if input.records.class("AdditionalEncoding").is_some() {
        for &def in derived_definitions(input, "AdditionalEncoding")?.iter() {
            numbered.push((def, f.def(def, "AliasOf")?, 0));
        }
    }
    let mut all = Vec::new();
    let mut tables = Tables::new();
    // Each numbered encoding's length in bits, for variable-length encodings.
    let mut instr_len = Vec::new();
    for (nei, (def, inst_def, mode)) in numbered.into_iter().enumerate() {
        let Some(inst) = instructions.get_def(inst_def) else { continue };
        if inst.namespace == "TargetOpcode"
            || inst.flags.is_pseudo
            || f.bit(inst_def, "isAsmParserOnly")?
            || f.bit(inst_def, "isCodeGenOnly")?
        {
            continue;
        }
        let size = f.int(def, "Size")?;
        if size == 0 && !encodings.variable_length {
            continue;
        }
        if encodings.variable_length {
            instr_len.resize(instructions.by_enum.len(), 0);
        }
        // `populateInstruction` decodes nothing of an encoding without a known bit.
        let known = match f.init(def, "Inst")?.kind() {
            InitKind::Dag(..) => VarLenInst::of(&f, def)?.known_bits().iter().any(Option::is_some),
            _ => f.bits(def, "Inst")?.iter().any(|b| b.is_complete()),
        };
        if !known {
            continue;
        }
        let encoding = DecoderEncoding::read(input, encodings, def, inst, diags)?;
        if encodings.variable_length {
            if let Some(len) = instr_len.get_mut(nei) {
                *len = encoding.bits.len();
            }
        }
        let mut namespace = encoding.namespace.to_string();
        if mode != 0 {
            namespace.push('_');
            namespace.push_str(target.hw_modes.mode_name(mode));
        }
        tables.entry((namespace, size)).or_default().push(all.len());
        all.push(encoding);
    }
    Ok(Parsed { all, tables, instr_len })
}

/// A bit as a `FilterChooser` sees it (`bit_value_t` of `FilterBitValues`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FilterBit {
    /// No filter above looked at it.
    Unfiltered,
    /// A filter above looked at it, for encodings that do not know it.
    Unset,
    /// A filter above fixed it.
    Known(bool),
}

/// A `FilterChooser` after `doFilter`.
struct Chooser {
    bits: Vec<FilterBit>,
    ids: Vec<usize>,
    best: Option<Best>,
}

/// The filter a chooser chose, with the choosers it delegates to.
struct Best {
    start: u32,
    width: u32,
    /// The one encoding that knows the filtered bits, when only one does.
    singleton: Option<usize>,
    /// By filtered value; then the chooser of the encodings that leave some of the bits unknown.
    cases: BTreeMap<u64, Chooser>,
    variable: Option<Box<Chooser>>,
}

/// Chooses filters and writes the table (`FilterChooser`, `DecoderTableInfo`).
struct Writer<'a> {
    input: &'a Evaluation,
    instructions: &'a Instructions,
    encodings: &'a [DecoderEncoding],
    mandatory: &'a [Bits],
    namespace: &'a str,
    table: Vec<u8>,
    /// The positions of 24-bit skips to patch, by scope.
    fixups: Vec<Vec<usize>>,
    predicates: Indexed,
    decoders: Indexed,
    diags: &'a mut Diagnostics,
}

impl Writer<'_> {
    fn filtered(bits: &[FilterBit]) -> Vec<bool> {
        bits.iter().map(|b| matches!(b, FilterBit::Known(_))).collect()
    }

    /// A `FilterChooser` of `ids` under `bits` (`doFilter`, `Filter::recurse`).
    fn choose(&self, ids: Vec<usize>, bits: Vec<FilterBit>) -> Chooser {
        let mut chooser = Chooser { bits, ids, best: None };
        if chooser.ids.len() == 1 {
            return chooser;
        }
        let Some(filter) = self.best_filter(&chooser) else { return chooser };
        let mut best =
            Best { start: filter.start, width: filter.width, singleton: None, cases: BTreeMap::new(), variable: None };
        if !filter.variable.is_empty() {
            let mut bits = chooser.bits.clone();
            for b in &mut bits[filter.start as usize..(filter.start + filter.width) as usize] {
                *b = FilterBit::Unset;
            }
            best.variable = Some(Box::new(self.choose(filter.variable, bits)));
        }
        let num_filtered: usize = filter.filtered.values().map(Vec::len).sum();
        if num_filtered == 1 {
            best.singleton = filter.filtered.values().next().map(|ids| ids[0]);
        } else {
            for (value, ids) in filter.filtered {
                let mut bits = chooser.bits.clone();
                for i in 0..filter.width {
                    bits[(filter.start + i) as usize] = FilterBit::Known(i < 64 && value >> i & 1 == 1);
                }
                best.cases.insert(value, self.choose(ids, bits));
            }
        }
        chooser.best = Some(best);
        chooser
    }

    /// `filterProcessor`: known regions, then mixed ones, then for three encodings the first
    /// island of one of them.
    fn best_filter(&self, chooser: &Chooser) -> Option<Filter> {
        let filtered = Self::filtered(&chooser.bits);
        let attrs = bit_attrs(&filtered, &chooser.ids, self.mandatory);
        let width = chooser.bits.len() as u32;
        for allow_mixed in [false, true] {
            let candidates = regions(&attrs, width, allow_mixed)
                .into_iter()
                .map(|(start, end)| Filter::new(self.mandatory, &chooser.ids, start, end - start));
            if let Some(best) = most_useful(candidates) {
                return Some(best);
            }
        }
        if chooser.ids.len() == 3 {
            for &id in &chooser.ids {
                if let Some(&(start, width, _)) = islands(&self.mandatory[id], &filtered, false).first() {
                    return Some(Filter::new(self.mandatory, &chooser.ids, start, width));
                }
            }
        }
        None
    }

    fn uleb(&mut self, v: u64) {
        crate::common::leb128::encode_uleb128(v, &mut self.table);
    }

    /// Room for a 24-bit skip, to be patched at the end of the current scope.
    fn skip_in_scope(&mut self) {
        let at = self.table.len();
        self.fixups.last_mut().expect("a fixup scope").push(at);
        self.table.extend([0, 0, 0]);
    }

    fn patch(&mut self, at: usize, to: usize) {
        let skip = (to - at - 3) as u32;
        self.table[at..at + 3].copy_from_slice(&skip.to_le_bytes()[..3]);
    }

    /// `resolveTableFixups`: the skips of a scope lead to `to`.
    fn resolve(&mut self, scope: &[usize], to: usize) {
        for &at in scope.iter().rev() {
            self.patch(at, to);
        }
    }

    /// `emitTableEntries`; `stack` holds the filter bits of the choosers above, for the
    /// conflict dump.
    fn entries(&mut self, chooser: &Chooser, stack: &mut Vec<Vec<FilterBit>>) -> Result<()> {
        if let [id] = chooser.ids[..] {
            return self.singleton(id, &chooser.bits);
        }
        let Some(best) = &chooser.best else {
            self.dump_conflict(chooser, stack);
            return Ok(());
        };
        stack.push(chooser.bits.clone());
        if let Some(id) = best.singleton {
            // The singleton's checks fail to the variable encodings that follow.
            self.fixups.push(Vec::new());
            self.singleton(id, &chooser.bits)?;
            let scope = self.fixups.pop().unwrap_or_default();
            let end = self.table.len();
            self.resolve(&scope, end);
            if let Some(variable) = &best.variable {
                self.entries(variable, stack)?;
            }
        } else {
            self.filter_entries(best, stack)?;
        }
        stack.pop();
        Ok(())
    }

    /// `Filter::emitTableEntry`.
    fn filter_entries(&mut self, best: &Best, stack: &mut Vec<Vec<FilterBit>>) -> Result<()> {
        self.table.push(op::EXTRACT_FIELD);
        self.uleb(u64::from(best.start));
        self.table.push(best.width as u8);
        self.fixups.push(Vec::new());
        let mut previous = None;
        for (&value, chooser) in &best.cases {
            self.table.push(op::FILTER_VALUE);
            self.uleb(value);
            let at = self.table.len();
            previous = Some(at);
            self.table.extend([0, 0, 0]);
            self.entries(chooser, stack)?;
            let end = self.table.len();
            self.patch(at, end);
        }
        if let Some(variable) = &best.variable {
            let scope = std::mem::take(self.fixups.last_mut().expect("a fixup scope"));
            let end = self.table.len();
            self.resolve(&scope, end);
            previous = None;
            self.entries(variable, stack)?;
        }
        // What is left of the scope goes to the enclosing one, with the last value's skip
        // when nothing follows it here.
        let scope = self.fixups.pop().unwrap_or_default();
        let outer = self.fixups.last_mut().expect("a fixup scope");
        outer.extend(scope);
        outer.extend(previous);
        Ok(())
    }

    /// `emitSingletonTableEntry`: the predicate, the islands of known bits left (highest
    /// first), the soft-fail masks and the decode.
    fn singleton(&mut self, id: usize, bits: &[FilterBit]) -> Result<()> {
        let encoding = &self.encodings[id];
        if let Some(predicate) = self.predicate(encoding.def)? {
            let index = self.predicates.get(predicate);
            self.table.push(op::CHECK_PREDICATE);
            self.uleb(u64::from(index));
            self.skip_in_scope();
        }
        for (start, width, value) in islands(&self.mandatory[id], &Self::filtered(bits), false).into_iter().rev() {
            self.table.push(op::CHECK_FIELD);
            self.uleb(u64::from(start));
            self.table.push(width as u8);
            self.uleb(value);
            self.skip_in_scope();
        }
        self.soft_fail(id, bits.len());
        let (decoder, complete) = decoder_string(encoding);
        let index = self.decoders.get(decoder);
        let opcode = self.instructions.enum_value(encoding.inst).unwrap_or(0);
        self.table.push(if complete { op::DECODE } else { op::TRY_DECODE });
        self.uleb(u64::from(opcode));
        self.uleb(u64::from(index));
        if !complete {
            self.skip_in_scope();
        }
        Ok(())
    }

    /// `emitSoftFailTableEntry`: the bits that must be 0 and those that must be 1 for a
    /// success rather than a soft failure.
    fn soft_fail(&mut self, id: usize, width: usize) {
        let encoding = &self.encodings[id];
        let (mut positive, mut negative) = (0u64, 0u64);
        for i in 0..width.min(encoding.soft_fail.len()) {
            if !encoding.soft_fail[i] {
                continue;
            }
            match encoding.bits[i] {
                Some(false) if i < 64 => positive |= 1 << i,
                Some(true) if i < 64 => negative |= 1 << i,
                Some(_) => {}
                None => {
                    self.diags.text(format!(
                        "SoftFail Conflict: bit SoftFail{{{i}}} in {} is set but Inst{{{i}}} is unset!\n  - You can only mark a bit as SoftFail if it is fully defined (1/0 - not '?') in Inst\n",
                        encoding.name
                    ));
                    return;
                }
            }
        }
        if positive == 0 && negative == 0 {
            return;
        }
        self.table.push(op::SOFT_FAIL);
        self.uleb(positive);
        self.uleb(negative);
    }

    /// `emitPredicateMatch`: the conditions of the encoding's predicates that have an
    /// `AssemblerCondDag`, or `None` when none has.
    fn predicate(&self, def: RecId) -> Result<Option<String>> {
        let f = Fields { input: self.input };
        let predicates = f.defs(def, "Predicates")?;
        let mut s = String::new();
        let mut any = false;
        for &p in &predicates {
            if f.value(p, "AssemblerMatcherPredicate").is_none() {
                continue;
            }
            let Some(cond) = f.value(p, "AssemblerCondDag") else { continue };
            if !matches!(cond.value.kind(), InitKind::Dag(..)) {
                continue;
            }
            if any {
                s.push_str(" && ");
            }
            any = true;
            if features(self.input, "Bits", self.namespace, cond.value, predicates.len() > 1, &mut s) {
                let locs = &self.input.records.get(p).locs;
                return Err(Fatal::new(locs, "Invalid AssemblerCondDag!").into());
            }
        }
        Ok(any.then_some(s))
    }

    /// The conflict LLVM 19 prints to stderr and goes on: the filter bits of each chooser from
    /// this one up, then each encoding's `Inst`.
    fn dump_conflict(&mut self, chooser: &Chooser, stack: &[Vec<FilterBit>]) {
        let mut text = String::from("Decoding Conflict:\n");
        for bits in std::iter::once(&chooser.bits).chain(stack.iter().rev()) {
            text.push_str("\t\t");
            text.extend(bits.iter().rev().map(|b| match b {
                FilterBit::Unfiltered => '.',
                FilterBit::Unset => '_',
                FilterBit::Known(true) => '1',
                FilterBit::Known(false) => '0',
            }));
            text.push('\n');
        }
        for &id in &chooser.ids {
            let encoding = &self.encodings[id];
            let _ = writeln!(text, "\t{} {}", encoding.name, known_bits(&encoding.bits, '_'));
        }
        self.diags.text(text);
    }
}

/// `emitDecoder`: the code that decodes an encoding's operands, and whether it always
/// finishes (else the table tries the next encoding when it fails).
fn decoder_string(encoding: &DecoderEncoding) -> (String, bool) {
    const INDENT: &str = "    ";
    let mut s = String::new();
    let custom = |s: &mut String, method: &str, complete: bool| {
        let incomplete = if complete { "" } else { "DecodeComplete = false; " };
        let _ = writeln!(
            s,
            "{INDENT}if (!Check(S, {method}(MI, insn, Address, Decoder))) {{ {incomplete}return MCDisassembler::Fail; }}"
        );
    };
    if !encoding.decoder_method.is_empty() {
        custom(&mut s, encoding.decoder_method, encoding.has_complete_decoder);
        return (s, encoding.has_complete_decoder);
    }
    for op in &encoding.operands {
        if op.fields.is_empty() && !op.decoder.is_empty() {
            custom(&mut s, &op.decoder, op.has_complete_decoder);
            break;
        }
        // `emitBinaryParser`.
        let init = op.init_value.unwrap_or(0);
        let insert = op.fields.len() != 1 || init != 0;
        if insert {
            let _ = writeln!(s, "{INDENT}tmp = {init:#x};");
        }
        for &(base, width, offset) in &op.fields {
            if insert {
                let _ = writeln!(
                    s,
                    "{INDENT}insertBits(tmp, fieldFromInstruction(insn, {base}, {width}), {offset}, {width});"
                );
            } else if offset != 0 {
                let _ = writeln!(s, "{INDENT}tmp = fieldFromInstruction(insn, {base}, {width}) << {offset};");
            } else {
                let _ = writeln!(s, "{INDENT}tmp = fieldFromInstruction(insn, {base}, {width});");
            }
        }
        if op.decoder.is_empty() {
            let _ = writeln!(s, "{INDENT}MI.addOperand(MCOperand::createImm(tmp));");
        } else {
            let incomplete = if op.has_complete_decoder { "" } else { "DecodeComplete = false; " };
            let _ = writeln!(
                s,
                "{INDENT}if (!Check(S, {}(MI, tmp, Address, Decoder))) {{ {incomplete}return MCDisassembler::Fail; }}",
                op.decoder
            );
        }
    }
    (s, encoding.has_complete_decoder)
}

/// Reads the table back as LLVM's `emitTable` does.
struct Reader<'a> {
    table: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.table[self.at];
        self.at += 1;
        b
    }

    /// A ULEB128 value, its bytes written `b, ` each.
    fn uleb(&mut self, o: &mut String) -> u64 {
        let (mut value, mut shift) = (0u64, 0u32);
        loop {
            let b = self.byte();
            let _ = write!(o, "{b}, ");
            value |= u64::from(b & 0x7f).checked_shl(shift).unwrap_or(0);
            shift += 7;
            if b < 0x80 {
                return value;
            }
        }
    }

    /// A 24-bit skip, written `b, ` each; the position it leads to.
    fn skip(&mut self, o: &mut String) -> usize {
        let mut skip = 0usize;
        for i in 0..3 {
            let b = self.byte();
            let _ = write!(o, "{b}, ");
            skip |= usize::from(b) << (8 * i);
        }
        self.at + skip
    }

    /// A soft-fail mask: `, b` for each byte, then its value in hex when over 127.
    fn mask(&mut self, o: &mut String) {
        let (mut value, mut shift) = (0u64, 0u32);
        loop {
            let b = self.byte();
            let _ = write!(o, ", {b}");
            value = value.wrapping_add(u64::from(b & 0x7f).checked_shl(shift).unwrap_or(0));
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
        if value > 127 {
            let _ = write!(o, " /* 0x{value:x} */");
        }
    }
}

/// `DecoderEmitter::emitTable`: a row per entry, its position in a comment padded to column 12.
fn print_table(
    o: &mut String,
    table: &[u8],
    name: &str,
    ids: &[usize],
    all: &[DecoderEncoding],
    instructions: &Instructions,
) {
    // The encoding each opcode decodes to in this table (the last one listed).
    let mut by_opcode = HashMap::new();
    for &id in ids {
        by_opcode.insert(instructions.enum_value(all[id].inst).unwrap_or(0), id);
    }
    let _ = writeln!(o, "static const uint8_t {name}[] = {{");
    let mut r = Reader { table, at: 0 };
    while r.at < table.len() {
        let row = format!("/* {} */", r.at);
        o.push_str(&row);
        o.push_str(&" ".repeat(12usize.saturating_sub(row.len()).max(1)));
        o.push_str("  ");
        match r.byte() {
            op::EXTRACT_FIELD => {
                o.push_str("MCD::OPC_ExtractField, ");
                let start = r.uleb(o);
                let width = u64::from(r.byte());
                let _ = write!(o, "{width},  // Inst{{");
                if width > 1 {
                    let _ = write!(o, "{}-", start + width - 1);
                }
                let _ = writeln!(o, "{start}}} ...");
            }
            op::FILTER_VALUE => {
                o.push_str("MCD::OPC_FilterValue, ");
                r.uleb(o);
                let to = r.skip(o);
                let _ = writeln!(o, "// Skip to: {to}");
            }
            op::CHECK_FIELD => {
                o.push_str("MCD::OPC_CheckField, ");
                r.uleb(o);
                let width = r.byte();
                let _ = write!(o, "{width}, ");
                r.uleb(o);
                let to = r.skip(o);
                let _ = writeln!(o, "// Skip to: {to}");
            }
            op::CHECK_PREDICATE => {
                o.push_str("MCD::OPC_CheckPredicate, ");
                r.uleb(o);
                let to = r.skip(o);
                let _ = writeln!(o, "// Skip to: {to}");
            }
            code @ (op::DECODE | op::TRY_DECODE) => {
                let is_try = code == op::TRY_DECODE;
                o.push_str(if is_try { "MCD::OPC_TryDecode, " } else { "MCD::OPC_Decode, " });
                let opcode = r.uleb(o) as u32;
                r.uleb(o);
                let name = by_opcode.get(&opcode).map_or("", |&id| all[id].name.as_str());
                if is_try {
                    let to = r.skip(o);
                    let _ = writeln!(o, "// Opcode: {name}, skip to: {to}");
                } else {
                    let _ = writeln!(o, "// Opcode: {name}");
                }
            }
            op::SOFT_FAIL => {
                o.push_str("MCD::OPC_SoftFail");
                r.mask(o);
                r.mask(o);
                o.push_str(",\n");
            }
            _ => o.push_str("MCD::OPC_Fail,\n"),
        }
    }
    o.push_str("  0\n};\n\n");
}

/// `emitPredicateFunction`.
fn print_predicates(o: &mut String, predicates: &[String]) {
    o.push_str("static bool checkDecoderPredicate(unsigned Idx, const FeatureBitset &Bits) {\n");
    if predicates.is_empty() {
        o.push_str("  llvm_unreachable(\"Invalid index!\");\n");
    } else {
        o.push_str("  switch (Idx) {\n  default: llvm_unreachable(\"Invalid index!\");\n");
        for (i, predicate) in predicates.iter().enumerate() {
            let _ = write!(o, "  case {i}:\n    return ({predicate});\n");
        }
        o.push_str("  }\n");
    }
    o.push_str("}\n\n");
}

/// `emitDecoderFunction`.
fn print_decoders(o: &mut String, decoders: &[String]) {
    o.push_str(
        "template <typename InsnType>\n\
         static DecodeStatus decodeToMCInst(DecodeStatus S, unsigned Idx, InsnType insn, MCInst &MI,\n                                   \
         uint64_t Address, const MCDisassembler *Decoder, bool &DecodeComplete) {\n  \
         DecodeComplete = true;\n  \
         using TmpType = std::conditional_t<std::is_integral<InsnType>::value, InsnType, uint64_t>;\n  \
         TmpType tmp;\n  switch (Idx) {\n  default: llvm_unreachable(\"Invalid index!\");\n",
    );
    for (i, decoder) in decoders.iter().enumerate() {
        let _ = write!(o, "  case {i}:\n{decoder}    return S;\n");
    }
    o.push_str("  }\n}\n");
}

/// What LLVM 19's decoder file starts with: the includes and the helpers the tables' decoders
/// call (`emitFieldFromInstruction`, `emitInsertBits`, `emitCheck`).
const PRELUDE: &str = r#"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/DataTypes.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include <assert.h>

namespace llvm {

// Helper functions for extracting fields from encoded instructions.
// InsnType must either be integral or an APInt-like object that must:
// * be default-constructible and copy-constructible
// * be constructible from an APInt (this can be private)
// * Support insertBits(bits, startBit, numBits)
// * Support extractBitsAsZExtValue(numBits, startBit)
// * Support the ~, &, ==, and != operators with other objects of the same type
// * Support the != and bitwise & with uint64_t
// * Support put (<<) to raw_ostream&
template <typename InsnType>
#if defined(_MSC_VER) && !defined(__clang__)
__declspec(noinline)
#endif
static std::enable_if_t<std::is_integral<InsnType>::value, InsnType>
fieldFromInstruction(const InsnType &insn, unsigned startBit,
                     unsigned numBits) {
  assert(startBit + numBits <= 64 && "Cannot support >64-bit extractions!");
  assert(startBit + numBits <= (sizeof(InsnType) * 8) &&
         "Instruction field out of bounds!");
  InsnType fieldMask;
  if (numBits == sizeof(InsnType) * 8)
    fieldMask = (InsnType)(-1LL);
  else
    fieldMask = (((InsnType)1 << numBits) - 1) << startBit;
  return (insn & fieldMask) >> startBit;
}

template <typename InsnType>
static std::enable_if_t<!std::is_integral<InsnType>::value, uint64_t>
fieldFromInstruction(const InsnType &insn, unsigned startBit,
                     unsigned numBits) {
  return insn.extractBitsAsZExtValue(numBits, startBit);
}

// Helper function for inserting bits extracted from an encoded instruction into
// a field.
template <typename InsnType>
static std::enable_if_t<std::is_integral<InsnType>::value>
insertBits(InsnType &field, InsnType bits, unsigned startBit, unsigned numBits) {
  assert(startBit + numBits <= sizeof field * 8);
  field |= (InsnType)bits << startBit;
}

template <typename InsnType>
static std::enable_if_t<!std::is_integral<InsnType>::value>
insertBits(InsnType &field, uint64_t bits, unsigned startBit, unsigned numBits) {
  field.insertBits(bits, startBit, numBits);
}

static bool Check(DecodeStatus &Out, DecodeStatus In) {
  Out = static_cast<DecodeStatus>(Out & In);
  return Out != MCDisassembler::Fail;
}

"#;

/// `emitDecodeInstruction`: the interpreter of the tables, for fixed-length encodings.
const INTERPRETER: &str = r#"
template <typename InsnType>
static DecodeStatus decodeInstruction(const uint8_t DecodeTable[], MCInst &MI,
                                      InsnType insn, uint64_t Address,
                                      const MCDisassembler *DisAsm,
                                      const MCSubtargetInfo &STI) {
  const FeatureBitset &Bits = STI.getFeatureBits();

  const uint8_t *Ptr = DecodeTable;
  uint64_t CurFieldValue = 0;
  DecodeStatus S = MCDisassembler::Success;
  while (true) {
    ptrdiff_t Loc = Ptr - DecodeTable;
    switch (*Ptr) {
    default:
      errs() << Loc << ": Unexpected decode table opcode!\n";
      return MCDisassembler::Fail;
    case MCD::OPC_ExtractField: {
      // Decode the start value.
      unsigned Start = decodeULEB128AndIncUnsafe(++Ptr);
      unsigned Len = *Ptr++;
      CurFieldValue = fieldFromInstruction(insn, Start, Len);
      LLVM_DEBUG(dbgs() << Loc << ": OPC_ExtractField(" << Start << ", "
                   << Len << "): " << CurFieldValue << "\n");
      break;
    }
    case MCD::OPC_FilterValue: {
      // Decode the field value.
      uint64_t Val = decodeULEB128AndIncUnsafe(++Ptr);
      // NumToSkip is a plain 24-bit integer.
      unsigned NumToSkip = *Ptr++;
      NumToSkip |= (*Ptr++) << 8;
      NumToSkip |= (*Ptr++) << 16;

      // Perform the filter operation.
      if (Val != CurFieldValue)
        Ptr += NumToSkip;
      LLVM_DEBUG(dbgs() << Loc << ": OPC_FilterValue(" << Val << ", " << NumToSkip
                   << "): " << ((Val != CurFieldValue) ? "FAIL:" : "PASS:")
                   << " continuing at " << (Ptr - DecodeTable) << "\n");

      break;
    }
    case MCD::OPC_CheckField: {
      // Decode the start value.
      unsigned Start = decodeULEB128AndIncUnsafe(++Ptr);
      unsigned Len = *Ptr;
      uint64_t FieldValue = fieldFromInstruction(insn, Start, Len);
      // Decode the field value.
      unsigned PtrLen = 0;
      uint64_t ExpectedValue = decodeULEB128(++Ptr, &PtrLen);
      Ptr += PtrLen;
      // NumToSkip is a plain 24-bit integer.
      unsigned NumToSkip = *Ptr++;
      NumToSkip |= (*Ptr++) << 8;
      NumToSkip |= (*Ptr++) << 16;

      // If the actual and expected values don't match, skip.
      if (ExpectedValue != FieldValue)
        Ptr += NumToSkip;
      LLVM_DEBUG(dbgs() << Loc << ": OPC_CheckField(" << Start << ", "
                   << Len << ", " << ExpectedValue << ", " << NumToSkip
                   << "): FieldValue = " << FieldValue << ", ExpectedValue = "
                   << ExpectedValue << ": "
                   << ((ExpectedValue == FieldValue) ? "PASS\n" : "FAIL\n"));
      break;
    }
    case MCD::OPC_CheckPredicate: {
      // Decode the Predicate Index value.
      unsigned PIdx = decodeULEB128AndIncUnsafe(++Ptr);
      // NumToSkip is a plain 24-bit integer.
      unsigned NumToSkip = *Ptr++;
      NumToSkip |= (*Ptr++) << 8;
      NumToSkip |= (*Ptr++) << 16;
      // Check the predicate.
      bool Pred;
      if (!(Pred = checkDecoderPredicate(PIdx, Bits)))
        Ptr += NumToSkip;
      (void)Pred;
      LLVM_DEBUG(dbgs() << Loc << ": OPC_CheckPredicate(" << PIdx << "): "
            << (Pred ? "PASS\n" : "FAIL\n"));

      break;
    }
    case MCD::OPC_Decode: {
      // Decode the Opcode value.
      unsigned Opc = decodeULEB128AndIncUnsafe(++Ptr);
      unsigned DecodeIdx = decodeULEB128AndIncUnsafe(Ptr);

      MI.clear();
      MI.setOpcode(Opc);
      bool DecodeComplete;
      S = decodeToMCInst(S, DecodeIdx, insn, MI, Address, DisAsm, DecodeComplete);
      assert(DecodeComplete);

      LLVM_DEBUG(dbgs() << Loc << ": OPC_Decode: opcode " << Opc
                   << ", using decoder " << DecodeIdx << ": "
                   << (S != MCDisassembler::Fail ? "PASS" : "FAIL") << "\n");
      return S;
    }
    case MCD::OPC_TryDecode: {
      // Decode the Opcode value.
      unsigned Opc = decodeULEB128AndIncUnsafe(++Ptr);
      unsigned DecodeIdx = decodeULEB128AndIncUnsafe(Ptr);
      // NumToSkip is a plain 24-bit integer.
      unsigned NumToSkip = *Ptr++;
      NumToSkip |= (*Ptr++) << 8;
      NumToSkip |= (*Ptr++) << 16;

      // Perform the decode operation.
      MCInst TmpMI;
      TmpMI.setOpcode(Opc);
      bool DecodeComplete;
      S = decodeToMCInst(S, DecodeIdx, insn, TmpMI, Address, DisAsm, DecodeComplete);
      LLVM_DEBUG(dbgs() << Loc << ": OPC_TryDecode: opcode " << Opc
                   << ", using decoder " << DecodeIdx << ": ");

      if (DecodeComplete) {
        // Decoding complete.
        LLVM_DEBUG(dbgs() << (S != MCDisassembler::Fail ? "PASS" : "FAIL") << "\n");
        MI = TmpMI;
        return S;
      } else {
        assert(S == MCDisassembler::Fail);
        // If the decoding was incomplete, skip.
        Ptr += NumToSkip;
        LLVM_DEBUG(dbgs() << "FAIL: continuing at " << (Ptr - DecodeTable) << "\n");
        // Reset decode status. This also drops a SoftFail status that could be
        // set before the decode attempt.
        S = MCDisassembler::Success;
      }
      break;
    }
    case MCD::OPC_SoftFail: {
      // Decode the mask values.
      uint64_t PositiveMask = decodeULEB128AndIncUnsafe(++Ptr);
      uint64_t NegativeMask = decodeULEB128AndIncUnsafe(Ptr);
      bool Fail = (insn & PositiveMask) != 0 || (~insn & NegativeMask) != 0;
      if (Fail)
        S = MCDisassembler::SoftFail;
      LLVM_DEBUG(dbgs() << Loc << ": OPC_SoftFail: " << (Fail ? "FAIL\n" : "PASS\n"));
      break;
    }
    case MCD::OPC_Fail: {
      LLVM_DEBUG(dbgs() << Loc << ": OPC_Fail\n");
      return MCDisassembler::Fail;
    }
    }
  }
  llvm_unreachable("bogosity detected in disassembler state machine!");
}

"#;
