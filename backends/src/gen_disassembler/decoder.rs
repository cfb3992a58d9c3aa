//! LLVM 22's table-driven decoder (DecoderEmitter.cpp, DecoderTree.h,
//! DecoderTableEmitter.cpp): the encodings of each (bit width, decoder namespace, mode) split
//! by filters on their known bits into a tree, the tree written as a byte table with a comment
//! per row, then the operand decoders, the predicates and the interpreter.

use super::Duplicates;
use crate::BackendError;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};
use tdq_models::records::{all_derived_definitions_if_defined, derived_definitions};
use tdq_models::target::encodings::var_len::VarLenInst;
use tdq_models::target::encodings::{operand_decoder_method, DecodedOperand, DecoderEncoding, Encodings, InstEncoding};
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

type Result<T> = std::result::Result<T, BackendError>;

/// The decoder's options and the release's rules.
pub struct Settings {
    pub duplicates: Duplicates,
    pub fn_table: bool,
    pub per_bitwidth: bool,
    pub ignore_non_decodable: bool,
    pub ignore_fully_defined: bool,
    pub islands_of_at_most_64_bits: bool,
}

/// Known bits: `Some(value)` where fixed.
pub(super) type Bits = Vec<Option<bool>>;

/// `DecoderEmitter::run`.
pub fn emit(
    input: &Evaluation,
    target: &Target,
    encodings: &Encodings,
    settings: &Settings,
    diags: &mut Diagnostics,
    o: &mut String,
) -> Result<()> {
    let instructions = Instructions::get(input)?;
    let (all, by_mode) = parse_encodings(input, target, encodings, &instructions, settings, diags)?;
    if encodings.variable_length && settings.per_bitwidth {
        return Err(Fatal::new(&[], "Cannot specialize decoders for variable length instuctions").into());
    }
    o.push_str(PRELUDE);
    // Variable-length encodings are all decoded at the width of the longest, and the
    // interpreter reads each instruction's length from a table.
    let max_len = all.iter().map(|e| e.bits.len()).max().unwrap_or(0);
    if encodings.variable_length {
        let mut lengths = vec![0; instructions.by_enum.len()];
        for encoding in &all {
            if let Some(value) = instructions.enum_value(encoding.inst) {
                lengths[value as usize] = encoding.bits.len();
            }
        }
        o.push_str("static const uint8_t InstrLenTable[] = {\n");
        for len in lengths {
            let _ = writeln!(o, "{len},");
        }
        o.push_str("};\n\n");
    }
    emit_reg_class_by_hw_mode_decoders(input, target, o)?;

    // (bit width, (namespace, mode)) to encodings, in that order.
    let mut tables: BTreeMap<usize, BTreeMap<(&str, u32), Vec<usize>>> = BTreeMap::new();
    for (&mode, ids) in &by_mode {
        for &id in ids {
            let encoding = &all[id];
            let width = if encodings.variable_length { max_len } else { encoding.bits.len() };
            tables.entry(width).or_default().entry((encoding.namespace, mode)).or_default().push(id);
        }
    }
    let mandatory: Vec<Bits> = all.iter().map(DecoderEncoding::mandatory_bits).collect();
    let mut builder = TreeBuilder {
        input,
        target,
        instructions: &instructions,
        encodings: &all,
        mandatory: &mandatory,
        settings,
        predicates: Indexed::default(),
        decoders: Indexed::default(),
        diags,
    };
    let mut info = TableInfo::default();
    let mut conflict = false;
    for (&width, by_key) in &tables {
        for (&(namespace, mode), ids) in by_key {
            let Some(tree) = builder.build(ids)? else {
                conflict = true;
                continue;
            };
            let mut name = format!("DecoderTable{namespace}");
            if mode != 0 {
                name.push('_');
                name.push_str(target.hw_modes.mode_name(mode));
            }
            let _ = write!(name, "{width}");
            emit_table(o, &mut info, &name, if settings.per_bitwidth { width } else { 0 }, &tree);
        }
        if settings.per_bitwidth {
            emit_decoder_function(o, settings, &builder.decoders.items, width);
            builder.decoders = Indexed::default();
        }
    }
    if conflict {
        return Err(Fatal::new(&[], "Decoding conflict encountered").into());
    }
    if !settings.per_bitwidth {
        emit_decoder_function(o, settings, &builder.decoders.items, 0);
    }
    if info.has_check_predicate {
        o.push_str("static bool checkDecoderPredicate(unsigned Idx, const FeatureBitset &FB) {\n  switch (Idx) {\n  default: llvm_unreachable(\"Invalid index!\");\n");
        for (i, predicate) in builder.predicates.items.iter().enumerate() {
            let _ = write!(o, "  case {i}:\n    return {predicate};\n");
        }
        o.push_str("  }\n}\n\n");
    }
    emit_decode_instruction(o, settings, &info, encodings.variable_length);
    o.push_str("\n} // namespace\n");
    Ok(())
}

const PRELUDE: &str = r#"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/DataTypes.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include <assert.h>

namespace {

// InsnBitWidth is essentially a type trait used by the decoder emitter to query
// the supported bitwidth for a given type. But default, the value is 0, making
// it an invalid type for use as `InsnType` when instantiating the decoder.
// Individual targets are expected to provide specializations for these based
// on their usage.
template <typename T> constexpr uint32_t InsnBitWidth = 0;

"#;

/// Indexes of encodings by mode.
type EncodingsByMode = BTreeMap<u32, Vec<usize>>;

/// `parseInstructionEncodings`: the decodable encodings, and each mode's.
fn parse_encodings(
    input: &Evaluation,
    target: &Target,
    encodings: &Encodings,
    instructions: &Instructions,
    settings: &Settings,
    diags: &mut Diagnostics,
) -> Result<(Vec<DecoderEncoding>, EncodingsByMode)> {
    let f = Fields { input };
    let (modes, namespace_modes) = encoding_modes(&f, target)?;
    let mut all = Vec::new();
    let mut by_mode: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for inst in instructions.target_instructions().filter(|inst| !inst.flags.is_pseudo) {
        if !is_decodable(&f, inst.def)? {
            continue;
        }
        match encodings.of(input, inst.def)? {
            InstEncoding::ByMode(by) => {
                for (mode, &def) in by.iter() {
                    if !is_valid(&f, def)? {
                        continue;
                    }
                    by_mode.entry(mode).or_default().push(all.len());
                    all.push(DecoderEncoding::read(input, encodings, def, inst, diags)?);
                }
            }
            InstEncoding::Own(def) => {
                if !is_valid(&f, def)? {
                    continue;
                }
                let id = all.len();
                all.push(DecoderEncoding::read(input, encodings, def, inst, diags)?);
                match settings.duplicates {
                    Duplicates::Keep => {
                        for &mode in &modes {
                            by_mode.entry(mode).or_default().push(id);
                        }
                    }
                    Duplicates::PerNamespace => match namespace_modes.get(all[id].namespace) {
                        Some(ns_modes) => {
                            for &mode in ns_modes {
                                by_mode.entry(mode).or_default().push(id);
                            }
                        }
                        None => by_mode.entry(0).or_default().push(id),
                    },
                    Duplicates::DefaultOnly => by_mode.entry(0).or_default().push(id),
                }
            }
        }
    }
    if input.records.class("AdditionalEncoding").is_some() {
        for &def in derived_definitions(input, "AdditionalEncoding")?.iter() {
            let inst_def = f.def(def, "AliasOf")?;
            if !is_decodable(&f, inst_def)? || !is_valid(&f, def)? {
                continue;
            }
            let Some(inst) = instructions.get_def(inst_def) else { continue };
            by_mode.entry(0).or_default().push(all.len());
            all.push(DecoderEncoding::read(input, encodings, def, inst, diags)?);
        }
    }
    Ok((all, by_mode))
}

/// The modes some encoding is selected in (the default mode when none is), and those of each
/// decoder namespace (`collectHwModesReferencedForEncodings`).
pub(super) type EncodingModes = (BTreeSet<u32>, HashMap<&'static str, BTreeSet<u32>>);

pub(super) fn encoding_modes(f: &Fields, target: &Target) -> std::result::Result<EncodingModes, Fatal> {
    let mut modes = BTreeSet::new();
    let mut namespace_modes: HashMap<&str, BTreeSet<u32>> = HashMap::new();
    let mut selects: Vec<_> = target.hw_modes.selects.iter().collect();
    selects.sort_by_key(|(&def, _)| def);
    for (_, items) in selects {
        for &(mode, object) in items {
            if f.is_a(object, "InstructionEncoding") {
                namespace_modes.entry(f.string(object, "DecoderNamespace")?).or_default().insert(mode);
                modes.insert(mode);
            }
        }
    }
    if modes.is_empty() {
        modes.insert(0);
    }
    Ok((modes, namespace_modes))
}

/// `isDecodableInstruction`.
fn is_decodable(f: &Fields, inst: RecId) -> std::result::Result<bool, Fatal> {
    Ok(!f.bit(inst, "isAsmParserOnly")? && !f.bit(inst, "isCodeGenOnly")?)
}

/// `isValidEncoding`: a fixed-length encoding with a size and a known bit.
fn is_valid(f: &Fields, def: RecId) -> std::result::Result<bool, Fatal> {
    let Some(field) = f.value(def, "Inst") else { return Ok(false) };
    match field.value.kind() {
        InitKind::Bits(bits) => {
            if f.int(def, "Size")? == 0 {
                return Ok(false);
            }
            Ok(!bits.iter().all(|b| !b.is_complete()))
        }
        // A variable-length encoding with a segment.
        InitKind::Dag(..) => Ok(!VarLenInst::of(f, def)?.segments.is_empty()),
        _ => Ok(false),
    }
}

/// `emitRegClassByHwModeDecoders`: a decoder for each `RegClassByHwMode` without its own,
/// dispatching on the mode.
fn emit_reg_class_by_hw_mode_decoders(input: &Evaluation, target: &Target, o: &mut String) -> Result<()> {
    if target.hw_modes.num_modes() == 1 {
        return Ok(());
    }
    let classes = all_derived_definitions_if_defined(input, "RegClassByHwMode");
    if classes.is_empty() {
        return Ok(());
    }
    let f = Fields { input };
    for class in classes {
        if !operand_decoder_method(input, class)?.1 {
            continue;
        }
        let _ = write!(
            o,
            "[[maybe_unused]]\nstatic DecodeStatus Decode{}RegClassByHwMode(MCInst &Inst, unsigned Imm, uint64_t Addr, const MCDisassembler *Decoder) {{\n  switch (Decoder->getSubtargetInfo().getHwMode(MCSubtargetInfo::HwMode_RegInfo)) {{\n",
            f.name(class)
        );
        for &(mode, rec) in target.hw_modes.selects.get(&class).map(Vec::as_slice).unwrap_or_default() {
            let _ = write!(
                o,
                "  case {mode}: // {}\n    return {}(Inst, Imm, Addr, Decoder);\n",
                target.hw_modes.mode_name(mode),
                operand_decoder_method(input, rec)?.0
            );
        }
        o.push_str("  default:\n    llvm_unreachable(\"no decoder for hwmode\");\n  }\n}\n\n");
    }
    o.push('\n');
    Ok(())
}

/// Strings numbered in the order they are first seen (LLVM's `SetVector`).
#[derive(Default)]
pub(super) struct Indexed {
    pub(super) items: Vec<String>,
    index: HashMap<String, u32>,
}

impl Indexed {
    pub(super) fn get(&mut self, s: String) -> u32 {
        if let Some(&i) = self.index.get(&s) {
            return i;
        }
        let i = self.items.len() as u32;
        self.items.push(s.clone());
        self.index.insert(s, i);
        i
    }
}

/// A node of the decoder tree (`DecoderTreeNode`).
enum Node {
    /// The first child that decodes.
    CheckAny(Vec<Node>),
    /// Every child in turn.
    CheckAll(Vec<Node>),
    CheckField {
        start: u32,
        width: u32,
        value: u64,
    },
    SwitchField {
        start: u32,
        width: u32,
        cases: Vec<(u64, Node)>,
    },
    CheckPredicate(u32),
    SoftFail {
        positive: u64,
        negative: u64,
    },
    Decode {
        name: String,
        opcode: u32,
        decoder: u32,
    },
}

/// A filter on bits `start..start + width` (`Filter`): the encodings by the value they have
/// there, and those with unknown bits there.
pub(super) struct Filter {
    pub(super) start: u32,
    pub(super) width: u32,
    pub(super) filtered: BTreeMap<u64, Vec<usize>>,
    pub(super) variable: Vec<usize>,
}

impl Filter {
    pub(super) fn new(mandatory: &[Bits], ids: &[usize], start: u32, width: u32) -> Filter {
        let mut filter = Filter { start, width, filtered: BTreeMap::new(), variable: Vec::new() };
        for &id in ids {
            let bits = &mandatory[id][start as usize..(start + width) as usize];
            match constant(bits) {
                Some(value) => filter.filtered.entry(value).or_default().push(id),
                None => filter.variable.push(id),
            }
        }
        filter
    }

    /// `usefulness`: how many ways it splits the encodings.
    pub(super) fn usefulness(&self) -> usize {
        self.filtered.len() + usize::from(self.variable.is_empty())
    }
}

/// The value of bits that are all known (the low 64 of them).
fn constant(bits: &[Option<bool>]) -> Option<u64> {
    let mut value = 0u64;
    for (i, b) in bits.iter().enumerate() {
        if (*b)? && i < 64 {
            value |= 1 << i;
        }
    }
    Some(value)
}

/// A `FilterChooser` after `doFilter`.
struct Chooser {
    filter_bits: Bits,
    ids: Vec<usize>,
    singleton: Option<usize>,
    start: u32,
    width: u32,
    variable: Option<Box<Chooser>>,
    map: BTreeMap<u64, Chooser>,
    conflict: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum BitAttr {
    None,
    Filtered,
    AllSet,
    AllUnset,
    Mixed,
}

struct TreeBuilder<'a> {
    input: &'a Evaluation,
    target: &'a Target,
    instructions: &'a Instructions,
    encodings: &'a [DecoderEncoding],
    mandatory: &'a [Bits],
    settings: &'a Settings,
    predicates: Indexed,
    decoders: Indexed,
    diags: &'a mut Diagnostics,
}

impl TreeBuilder<'_> {
    /// `buildTree`: `None` after a conflict (dumped to the diagnostics).
    fn build(&mut self, ids: &[usize]) -> Result<Option<Node>> {
        let mut sorted = ids.to_vec();
        sorted.sort_by_key(|&id| self.encodings[id].bits.len());
        let width = self.encodings[sorted[0]].bits.len();
        let mut stack = Vec::new();
        let chooser = self.choose(sorted, vec![None; width], &mut stack);
        if chooser.conflict {
            return Ok(None);
        }
        Ok(Some(self.convert(&chooser)?))
    }

    /// A `FilterChooser` of `ids` (sorted by width) under `filter_bits`; `stack` holds the
    /// filter bits of the choosers above, for the conflict dump.
    fn choose(&mut self, ids: Vec<usize>, filter_bits: Bits, stack: &mut Vec<Bits>) -> Chooser {
        let mut chooser = Chooser {
            filter_bits,
            ids,
            singleton: None,
            start: 0,
            width: 0,
            variable: None,
            map: BTreeMap::new(),
            conflict: false,
        };
        if chooser.ids.len() == 1 {
            chooser.singleton = Some(chooser.ids[0]);
            return chooser;
        }
        let Some(filter) = self.best_filter(&chooser) else {
            self.dump_conflict(&chooser, stack);
            chooser.conflict = true;
            return chooser;
        };
        chooser.start = filter.start;
        chooser.width = filter.width;
        stack.push(chooser.filter_bits.clone());
        if !filter.variable.is_empty() {
            let bits = self.extended(&chooser.filter_bits, &filter.variable);
            let child = self.choose(filter.variable, bits, stack);
            chooser.conflict |= child.conflict;
            chooser.variable = Some(Box::new(child));
        }
        for (value, ids) in filter.filtered {
            let mut bits = chooser.filter_bits.clone();
            for i in 0..filter.width {
                bits[(filter.start + i) as usize] = Some(i < 64 && value >> i & 1 == 1);
            }
            let bits = self.extended(&bits, &ids);
            let child = self.choose(ids, bits, stack);
            chooser.conflict |= child.conflict;
            chooser.map.insert(value, child);
        }
        stack.pop();
        chooser
    }

    /// `KnownBits::anyext` to the width of the narrowest of `ids`.
    fn extended(&self, bits: &Bits, ids: &[usize]) -> Bits {
        let width = self.encodings[ids[0]].bits.len();
        let mut bits = bits.clone();
        bits.resize(width, None);
        bits
    }

    /// `findBestFilter()`.
    fn best_filter(&self, chooser: &Chooser) -> Option<Filter> {
        let filtered: Vec<bool> = chooser.filter_bits.iter().map(Option::is_some).collect();
        let attrs = bit_attrs(&filtered, &chooser.ids, self.mandatory);
        if let Some(f) = self.best_filter_of(chooser, &attrs, false, true) {
            return Some(f);
        }
        if let Some(f) = self.best_filter_of(chooser, &attrs, true, true) {
            return Some(f);
        }
        if chooser.ids.len() == 3 {
            return self.best_filter_of(chooser, &attrs, true, false);
        }
        None
    }

    /// `findBestFilter(BitAttrs, AllowMixed, Greedy)`.
    fn best_filter_of(&self, chooser: &Chooser, attrs: &[BitAttr], allow_mixed: bool, greedy: bool) -> Option<Filter> {
        let ids = &chooser.ids;
        if allow_mixed && !greedy {
            for &id in ids {
                if let Some(island) = self.islands(&self.mandatory[id], &chooser.filter_bits).first() {
                    return Some(Filter::new(self.mandatory, ids, island.0, island.1));
                }
            }
        }
        let width = chooser.filter_bits.len() as u32;
        let filters = regions(attrs, width, allow_mixed)
            .into_iter()
            .map(|(start, end)| Filter::new(self.mandatory, ids, start, end - start));
        most_useful(filters)
    }

    /// `getIslands` under `filter_bits`.
    fn islands(&self, bits: &Bits, filter_bits: &Bits) -> Vec<(u32, u32, u64)> {
        let filtered: Vec<bool> = filter_bits.iter().map(Option::is_some).collect();
        islands(bits, &filtered, self.settings.islands_of_at_most_64_bits)
    }

    /// `FilterChooser::dump` after "Decoding Conflict:".
    fn dump_conflict(&mut self, chooser: &Chooser, stack: &[Bits]) {
        let pad = chooser.ids.iter().map(|&id| self.encodings[id].bits.len()).max().unwrap_or(0);
        let mut text = String::from("Decoding Conflict:\n");
        for bits in stack.iter().chain(std::iter::once(&chooser.filter_bits)) {
            text.push_str("    ");
            text.push_str(&" ".repeat(pad.saturating_sub(bits.len())));
            text.push_str(&known_bits(bits, '.'));
            text.push('\n');
        }
        for &id in &chooser.ids {
            let encoding = &self.encodings[id];
            text.push_str("    ");
            text.push_str(&" ".repeat(pad.saturating_sub(encoding.bits.len())));
            text.push_str(&known_bits(&self.mandatory[id], '_'));
            let _ = writeln!(text, "  {}", encoding.name);
        }
        self.diags.text(text);
    }

    /// `convertFilterChooser`: the chooser and the ones for its variable encodings, tried in
    /// turn.
    fn convert(&mut self, chooser: &Chooser) -> Result<Node> {
        let mut children = Vec::new();
        let mut current = Some(chooser);
        while let Some(c) = current {
            match c.singleton {
                Some(id) => children.push(self.convert_singleton(id, &c.filter_bits)?),
                None if c.map.len() == 1 => {
                    let (&value, child) = c.map.iter().next().expect("one case");
                    let check = Node::CheckField { start: c.start, width: c.width, value };
                    children.push(Node::CheckAll(vec![check, self.convert(child)?]));
                }
                None => {
                    let mut cases = Vec::new();
                    for (&value, child) in &c.map {
                        cases.push((value, self.convert(child)?));
                    }
                    children.push(Node::SwitchField { start: c.start, width: c.width, cases });
                }
            }
            current = c.variable.as_deref();
        }
        Ok(Node::CheckAny(children))
    }

    /// `convertSingleton`: the predicate, the bits left to check, the soft-fail masks and the
    /// decode.
    fn convert_singleton(&mut self, id: usize, filter_bits: &Bits) -> Result<Node> {
        let encoding = &self.encodings[id];
        let mut children = Vec::new();
        let predicate = predicate_string(self.input, encoding.def, self.target.name)?;
        if !predicate.is_empty() {
            children.push(Node::CheckPredicate(self.predicates.get(predicate)));
        }
        for (start, width, value) in self.islands(&self.mandatory[id], filter_bits).into_iter().rev() {
            children.push(Node::CheckField { start, width, value });
        }
        if encoding.soft_fail.iter().any(|&s| s) {
            let (mut positive, mut negative) = (0u64, 0u64);
            for (i, (&soft, &bit)) in encoding.soft_fail.iter().zip(&encoding.bits).enumerate().take(64) {
                if soft {
                    match bit {
                        Some(false) => positive |= 1 << i,
                        Some(true) => negative |= 1 << i,
                        None => {}
                    }
                }
            }
            children.push(Node::SoftFail { positive, negative });
        }
        let decoder = self.decoder_string(encoding);
        let decoder = self.decoders.get(decoder);
        let inst: &Instruction = self.instructions.get_def(encoding.inst).expect("an encoding's instruction");
        let opcode = self.instructions.enum_value(inst.def).unwrap_or(0);
        children.push(Node::Decode { name: encoding.name.clone(), opcode, decoder });
        Ok(Node::CheckAll(children))
    }

    /// `getDecoderString`.
    fn decoder_string(&mut self, encoding: &DecoderEncoding) -> String {
        let indent = if self.settings.fn_table { "  " } else { "    " };
        let mut s = String::new();
        if !encoding.decoder_method.is_empty() {
            let incomplete = if encoding.has_complete_decoder { "" } else { "DecodeComplete = false; " };
            let _ = writeln!(
                s,
                "{indent}if (!Check(S, {}(MI, insn, Address, Decoder))) {{ {incomplete}return MCDisassembler::Fail; }}",
                encoding.decoder_method
            );
            return s;
        }
        for op in &encoding.operands {
            self.binary_parser(&mut s, indent, encoding, op);
        }
        s
    }

    /// `emitBinaryParser`: the code that decodes one operand.
    fn binary_parser(&mut self, s: &mut String, indent: &str, encoding: &DecoderEncoding, op: &DecodedOperand) {
        if op.has_no_encoding {
            if !self.settings.ignore_non_decodable {
                let locs = &self.input.records.get(encoding.def).locs;
                self.diags.error_at(locs, format!("could not find field for operand '{}'", op.name));
            }
            return;
        }
        if op.fields.is_empty() && op.init_value.is_none() {
            let _ = write!(
                s,
                "{indent}if (!Check(S, {}(MI, Decoder)))\n{indent}  return MCDisassembler::Fail;\n",
                op.decoder
            );
            return;
        }
        let shift = |offset: u32| if offset == 0 { String::new() } else { format!(" << {offset}") };
        match op.fields.as_slice() {
            [] => {
                if self.settings.ignore_fully_defined {
                    return;
                }
                let _ = writeln!(s, "{indent}tmp = {:#x};", op.init_value.unwrap_or(0));
            }
            [(base, width, offset)] if op.init_value.unwrap_or(0) == 0 => {
                let _ = writeln!(s, "{indent}tmp = fieldFromInstruction(insn, {base}, {width}){};", shift(*offset));
            }
            fields => {
                let _ = writeln!(s, "{indent}tmp = {:#x};", op.init_value.unwrap_or(0));
                for (base, width, offset) in fields {
                    let _ =
                        writeln!(s, "{indent}tmp |= fieldFromInstruction(insn, {base}, {width}){};", shift(*offset));
                }
            }
        }
        if op.decoder.is_empty() {
            let _ = writeln!(s, "{indent}MI.addOperand(MCOperand::createImm(tmp));");
        } else {
            let incomplete = if op.has_complete_decoder { "" } else { "DecodeComplete = false; " };
            let _ = writeln!(
                s,
                "{indent}if (!Check(S, {}(MI, tmp, Address, Decoder))) {{ {incomplete}return MCDisassembler::Fail; }}",
                op.decoder
            );
        }
    }
}

/// The first of the most useful filters (`max_element`), if it splits the encodings at all.
pub(super) fn most_useful(filters: impl IntoIterator<Item = Filter>) -> Option<Filter> {
    let mut best: Option<Filter> = None;
    for filter in filters {
        if best.as_ref().is_none_or(|b| filter.usefulness() > b.usefulness()) {
            best = Some(filter);
        }
    }
    best.filter(|b| b.usefulness() > 0)
}

/// Each bit's attribute over the encodings `ids`: filtered above, known by all, by none, or by
/// some.
pub(super) fn bit_attrs(filtered: &[bool], ids: &[usize], mandatory: &[Bits]) -> Vec<BitAttr> {
    let mut attrs: Vec<BitAttr> = filtered.iter().map(|&f| if f { BitAttr::Filtered } else { BitAttr::None }).collect();
    for &id in ids {
        let bits = &mandatory[id];
        for (i, attr) in attrs.iter_mut().enumerate() {
            let known = bits[i].is_some();
            *attr = match (*attr, known) {
                (BitAttr::None, true) => BitAttr::AllSet,
                (BitAttr::None, false) => BitAttr::AllUnset,
                (BitAttr::AllSet, false) | (BitAttr::AllUnset, true) => BitAttr::Mixed,
                (a, _) => a,
            };
        }
    }
    attrs
}

/// `getIslands`: the runs of bits an encoding knows that no filter above has decided, as
/// (start, width, value), over the width of `filtered`; `cut_at_64` ends an island every 64
/// bits (LLVM 23).
pub(super) fn islands(bits: &Bits, filtered: &[bool], cut_at_64: bool) -> Vec<(u32, u32, u64)> {
    let mut islands = Vec::new();
    let mut current: Option<(u32, u64)> = None;
    let width = filtered.len() as u32;
    for i in 0..width {
        let known = bits[i as usize];
        match (known, filtered[i as usize], current) {
            (Some(b), false, Some((start, value))) => {
                let n = i - start;
                let value = value | u64::from(b).checked_shl(n).unwrap_or(0);
                current = Some((start, value));
                if cut_at_64 && n >= 63 {
                    islands.push((start, 64, value));
                    current = None;
                }
            }
            (Some(b), false, None) => current = Some((i, u64::from(b))),
            (_, _, Some((start, value))) => {
                islands.push((start, i - start, value));
                current = None;
            }
            _ => {}
        }
    }
    if let Some((start, value)) = current {
        islands.push((start, width - start, value));
    }
    islands
}

/// The regions of bits whose attributes make them candidate filters, as (start, end): runs of
/// bits every encoding knows, or (`allow_mixed`) runs of bits some know and some do not.
pub(super) fn regions(attrs: &[BitAttr], width: u32, allow_mixed: bool) -> Vec<(u32, u32)> {
    let mut regions = Vec::new();
    let mut region = BitAttr::None;
    let mut start = 0u32;
    for (i, &attr) in attrs.iter().enumerate().take(width as usize) {
        let i = i as u32;
        match region {
            BitAttr::None => match attr {
                BitAttr::AllSet => {
                    start = i;
                    region = BitAttr::AllSet;
                }
                BitAttr::Mixed => {
                    start = i;
                    region = BitAttr::Mixed;
                }
                BitAttr::Filtered | BitAttr::AllUnset | BitAttr::None => {}
            },
            BitAttr::AllSet => {
                if !allow_mixed && attr != BitAttr::AllSet {
                    regions.push((start, i));
                }
                match attr {
                    BitAttr::Filtered | BitAttr::AllUnset => region = BitAttr::None,
                    BitAttr::Mixed => {
                        start = i;
                        region = BitAttr::Mixed;
                    }
                    BitAttr::AllSet | BitAttr::None => {}
                }
            }
            BitAttr::Mixed => {
                if allow_mixed && attr != BitAttr::Mixed {
                    regions.push((start, i));
                }
                match attr {
                    BitAttr::Filtered => {
                        start = i;
                        region = BitAttr::None;
                    }
                    BitAttr::AllSet => {
                        start = i;
                        region = BitAttr::AllSet;
                    }
                    BitAttr::AllUnset => region = BitAttr::None,
                    BitAttr::Mixed | BitAttr::None => {}
                }
            }
            BitAttr::AllUnset | BitAttr::Filtered => {}
        }
    }
    match region {
        BitAttr::AllSet if !allow_mixed => regions.push((start, width)),
        BitAttr::Mixed if allow_mixed => regions.push((start, width)),
        _ => {}
    }
    regions
}

/// `printKnownBits`, highest bit first.
pub(super) fn known_bits(bits: &Bits, unknown: char) -> String {
    bits.iter()
        .rev()
        .map(|b| match b {
            Some(true) => '1',
            Some(false) => '0',
            None => unknown,
        })
        .collect()
}

/// `getPredicateString`: the encoding's assembler predicates as C++ over the feature bits, or
/// empty when it has none.
fn predicate_string(input: &Evaluation, def: RecId, target_name: &str) -> std::result::Result<String, Fatal> {
    let f = Fields { input };
    let predicates = f.defs(def, "Predicates")?;
    let mut mc = Vec::new();
    for p in predicates {
        if f.bit(p, "AssemblerMatcherPredicate")? {
            mc.push(p);
        }
    }
    if mc.is_empty() {
        return Ok(String::new());
    }
    // `SubtargetFeatureInfo::emitMCPredicateCheck`.
    let mut s = String::new();
    let paren = mc.len() > 1;
    for (i, &p) in mc.iter().enumerate() {
        if i > 0 {
            s.push_str(" && ");
        }
        let dag = f.init(p, "AssemblerCondDag")?;
        if features(input, "FB", target_name, dag, paren, &mut s) {
            let locs = &input.records.get(p).locs;
            return Err(Fatal::new(locs, "Invalid AssemblerCondDag!"));
        }
    }
    Ok(s)
}

/// `emitFeaturesAux`: a feature condition dag as C++; true when it is not one.
pub(super) fn features(
    input: &Evaluation,
    bit_set: &str,
    namespace: &str,
    value: Init,
    mut paren_if_bin_op: bool,
    s: &mut String,
) -> bool {
    let f = Fields { input };
    if let Some(def) = value.as_def() {
        if !f.is_a(def, "SubtargetFeature") {
            return true;
        }
        let _ = write!(s, "{bit_set}[{namespace}::{}]", f.name(def));
        return false;
    }
    let InitKind::Dag(operator, _, args) = value.kind() else { return true };
    let Some(op) = operator.as_def() else { return true };
    let op_name = f.name(op);
    if op_name == "not" && args.len() == 1 {
        s.push('!');
        return features(input, bit_set, namespace, args[0].0, true, s);
    }
    if (op_name == "any_of" || op_name == "all_of") && !args.is_empty() {
        let paren = args.len() > 1 && std::mem::replace(&mut paren_if_bin_op, true);
        if paren {
            s.push('(');
        }
        let separator = if op_name == "any_of" { " || " } else { " && " };
        for (i, (arg, _)) in args.iter().enumerate() {
            if i > 0 {
                s.push_str(separator);
            }
            if features(input, bit_set, namespace, *arg, paren_if_bin_op, s) {
                return true;
            }
        }
        if paren {
            s.push(')');
        }
        return false;
    }
    true
}

/// What the tables use (`DecoderTableInfo`).
#[derive(Default)]
struct TableInfo {
    has_check_predicate: bool,
    has_soft_fail: bool,
}

/// The size in bytes of a ULEB128 value.
fn uleb_size(mut v: u64) -> u32 {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}

/// `computeNodeSize`.
fn node_size(node: &Node) -> u32 {
    match node {
        Node::CheckAny(children) => {
            if let [only] = children.as_slice() {
                return node_size(only);
            }
            let (last, rest) = children.split_last().expect("a child");
            rest.iter()
                .map(|c| {
                    let size = node_size(c);
                    1 + uleb_size(u64::from(size)) + size
                })
                .sum::<u32>()
                + node_size(last)
        }
        Node::CheckAll(children) => children.iter().map(node_size).sum(),
        Node::CheckField { start, value, .. } => 1 + uleb_size(u64::from(*start)) + 1 + uleb_size(*value),
        Node::SwitchField { start, cases, .. } => {
            let mut size = 1 + uleb_size(u64::from(*start)) + 1;
            let (last, rest) = cases.split_last().expect("a case");
            for (value, child) in rest {
                let child_size = node_size(child);
                size += uleb_size(*value) + uleb_size(u64::from(child_size)) + child_size;
            }
            size + uleb_size(last.0) + 1 + node_size(&last.1)
        }
        Node::CheckPredicate(index) => 1 + uleb_size(u64::from(*index)),
        Node::SoftFail { positive, negative } => 1 + uleb_size(*positive) + uleb_size(*negative),
        Node::Decode { opcode, decoder, .. } => 1 + uleb_size(u64::from(*opcode)) + uleb_size(u64::from(*decoder)),
    }
}

/// `DecoderTableEmitter`: writes a table with a comment per row, aligned at column 45.
struct TableWriter<'a> {
    o: &'a mut String,
    info: &'a mut TableInfo,
    /// Where the current line starts in `o`.
    line_start: usize,
    index: u32,
    row_start: u32,
    index_width: usize,
}

impl TableWriter<'_> {
    fn column(&self) -> usize {
        self.o[self.line_start..].chars().count()
    }
    fn newline(&mut self) {
        self.o.push('\n');
        self.line_start = self.o.len();
    }
    fn start_row(&mut self) {
        self.row_start = self.index;
        self.o.push_str("  ");
    }
    fn opcode(&mut self, name: &str) {
        self.start_row();
        self.o.push_str(name);
        self.o.push_str(", ");
        self.index += 1;
    }
    fn byte(&mut self, v: u8) {
        let _ = write!(self.o, "{v}, ");
        self.index += 1;
    }
    fn uleb(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte((v & 0x7f) as u8 | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }
    /// `emitComment`: the row's comment, then `text` and a new line.
    fn comment(&mut self, indent: usize, text: &str) {
        const COLUMN: usize = 45;
        if self.column() > COLUMN {
            self.newline();
        }
        let pad = COLUMN.saturating_sub(self.column()).max(1);
        self.o.push_str(&" ".repeat(pad));
        let _ = write!(self.o, "// {:>width$}: {}{text}", self.row_start, " ".repeat(indent), width = self.index_width);
        self.newline();
    }

    fn node(&mut self, node: &Node, indent: usize) {
        match node {
            Node::CheckAny(children) => {
                if let [only] = children.as_slice() {
                    return self.node(only, indent);
                }
                let (last, rest) = children.split_last().expect("a child");
                for (i, child) in rest.iter().enumerate() {
                    self.opcode("OPC_Scope");
                    self.uleb(u64::from(node_size(child)));
                    self.comment(indent, if i == 0 { "try {" } else { "} else try {" });
                    self.node(child, indent + 1);
                }
                self.comment(indent, "} else try {");
                self.node(last, indent + 1);
                self.comment(indent, "}");
            }
            Node::CheckAll(children) => {
                for child in children {
                    self.node(child, indent);
                }
            }
            Node::SwitchField { start, width, cases } => {
                let range = bit_range(*start, *width);
                self.opcode("OPC_SwitchField");
                self.uleb(u64::from(*start));
                self.byte(*width as u8);
                self.comment(indent, &format!("switch Inst{range} {{"));
                let (last, rest) = cases.split_last().expect("a case");
                for (value, child) in rest {
                    self.start_row();
                    self.uleb(*value);
                    self.uleb(u64::from(node_size(child)));
                    self.comment(indent, &format!("case {value:#x}: {{"));
                    self.node(child, indent + 1);
                    self.comment(indent, "}");
                }
                self.start_row();
                self.uleb(last.0);
                self.uleb(0);
                self.comment(indent, &format!("case {:#x}: {{", last.0));
                self.node(&last.1, indent + 1);
                self.comment(indent, "}");
                self.comment(indent, &format!("}} // switch Inst{range}"));
            }
            Node::CheckField { start, width, value } => {
                self.opcode("OPC_CheckField");
                self.uleb(u64::from(*start));
                self.byte(*width as u8);
                self.uleb(*value);
                self.comment(indent, &format!("check Inst{} == {value:#x}", bit_range(*start, *width)));
            }
            Node::CheckPredicate(index) => {
                self.opcode("OPC_CheckPredicate");
                self.uleb(u64::from(*index));
                self.info.has_check_predicate = true;
                self.comment(indent, &format!("check predicate {index}"));
            }
            Node::SoftFail { positive, negative } => {
                self.opcode("OPC_SoftFail");
                self.uleb(*positive);
                self.uleb(*negative);
                self.info.has_soft_fail = true;
                self.comment(indent, &format!("softfail pos={positive:#010x} neg={negative:#010x}"));
            }
            Node::Decode { name, opcode, decoder } => {
                self.opcode("OPC_Decode");
                self.uleb(u64::from(*opcode));
                self.uleb(u64::from(*decoder));
                self.comment(indent, &format!("decode to {name} using decoder {decoder}"));
            }
        }
    }
}

/// `[msb:lsb]`, or `[bit]` for one bit.
fn bit_range(start: u32, width: u32) -> String {
    let msb = start + width - 1;
    if msb == start {
        format!("[{start}]")
    } else {
        format!("[{msb}:{start}]")
    }
}

/// `DecoderTableEmitter::emitTable`.
fn emit_table(o: &mut String, info: &mut TableInfo, name: &str, bit_width: usize, root: &Node) {
    let mut size = node_size(root);
    if bit_width != 0 {
        size += uleb_size(bit_width as u64);
    }
    let _ = writeln!(o, "static const uint8_t {name}[{size}] = {{");
    let line_start = o.len();
    let mut writer =
        TableWriter { o, info, line_start, index: 0, row_start: 0, index_width: size.to_string().len().max(1) };
    if bit_width != 0 {
        writer.start_row();
        writer.uleb(bit_width as u64);
        writer.comment(0, &format!("BitWidth {bit_width}"));
    }
    writer.node(root, 0);
    o.push_str("};\n");
}

/// `emitDecoderFunction`: `decodeToMCInst` (and the function of each decoder with
/// `-use-fn-table-in-decode-to-mcinst`), for one bit width with
/// `-specialize-decoders-per-bitwidth`.
fn emit_decoder_function(o: &mut String, settings: &Settings, decoders: &[String], bit_width: usize) {
    const TMP_TYPE: &str =
        "using TmpType = std::conditional_t<std::is_integral<InsnType>::value, InsnType, uint64_t>;\n";
    const PARAMS: &str =
        "DecodeStatus S, InsnType insn, MCInst &MI, uint64_t Address, const MCDisassembler *Decoder, bool &DecodeComplete";
    let fn_name = |i: usize| {
        if bit_width != 0 {
            format!("decodeFn_{bit_width}bit_{i}")
        } else {
            format!("decodeFn_{i}")
        }
    };
    let template = if bit_width != 0 {
        format!("template <typename InsnType>\nstatic std::enable_if_t<InsnBitWidth<InsnType> == {bit_width}, DecodeStatus>\n")
    } else {
        "template <typename InsnType>\nstatic DecodeStatus ".to_string()
    };
    if settings.fn_table {
        for (i, decoder) in decoders.iter().enumerate() {
            let _ = write!(
                o,
                "{template}{}({PARAMS}) {{\n  {TMP_TYPE}  [[maybe_unused]] TmpType tmp;\n{decoder}  return S;\n}}\n\n",
                fn_name(i)
            );
        }
    }
    let _ = write!(
        o,
        "// Handling {} cases.\n{template}decodeToMCInst(unsigned Idx, {PARAMS}) {{\n  DecodeComplete = true;\n",
        decoders.len()
    );
    if settings.fn_table {
        let _ = writeln!(
            o,
            "  using DecodeFnTy = DecodeStatus (*)({PARAMS});\n  static constexpr DecodeFnTy decodeFnTable[] = {{"
        );
        for i in 0..decoders.len() {
            let _ = writeln!(o, "    {},", fn_name(i));
        }
        let _ = write!(
            o,
            "  }};\n  if (Idx >= {})\n    llvm_unreachable(\"Invalid decoder index!\");\n  return decodeFnTable[Idx](S, insn, MI, Address, Decoder, DecodeComplete);\n",
            decoders.len()
        );
    } else {
        let _ = write!(
            o,
            "  {TMP_TYPE}  TmpType tmp;\n  switch (Idx) {{\n  default: llvm_unreachable(\"Invalid decoder index!\");\n"
        );
        for (i, decoder) in decoders.iter().enumerate() {
            let _ = write!(o, "  case {i}:\n{decoder}    return S;\n");
        }
        o.push_str("  }\n");
    }
    o.push_str("}\n");
}

/// `emitDecodeInstruction`: the interpreter of the tables.
fn emit_decode_instruction(o: &mut String, settings: &Settings, info: &TableInfo, var_len: bool) {
    o.push_str(
        "\ntemplate <typename InsnType>\nstatic DecodeStatus decodeInstruction(const uint8_t DecodeTable[], MCInst &MI,\n                                      InsnType insn, uint64_t Address,\n                                      const MCDisassembler *DisAsm,\n                                      const MCSubtargetInfo &STI",
    );
    if var_len {
        o.push_str(",\n                                      llvm::function_ref<void(APInt &, uint64_t)> makeUp");
    }
    o.push_str(") {\n");
    if info.has_check_predicate {
        o.push_str("  const FeatureBitset &Bits = STI.getFeatureBits();\n");
    }
    o.push_str("  const uint8_t *Ptr = DecodeTable;\n");
    if settings.per_bitwidth {
        o.push_str("\n  [[maybe_unused]] uint32_t BitWidth = decodeULEB128AndIncUnsafe(Ptr);\n  assert(InsnBitWidth<InsnType> == BitWidth &&\n         \"Table and instruction bitwidth mismatch\");\n");
    }
    // A variable-length instruction's bits are made up before they are read.
    let make_up = |text: &str, anchors: &[(&str, &str)]| {
        let mut text = text.to_string();
        if var_len {
            for (anchor, make_up) in anchors {
                text = text.replacen(anchor, &format!("{anchor}\n      {make_up}"), 1);
            }
        }
        text
    };
    let field = "makeUp(insn, Start + Len);";
    o.push_str(&make_up(INTERPRETER_HEAD, &[("unsigned Len = *Ptr++;", field), ("unsigned Len = *Ptr;", field)]));
    if info.has_check_predicate {
        o.push_str(INTERPRETER_PREDICATE);
    }
    o.push_str(&make_up(
        INTERPRETER_DECODE,
        &[("bool DecodeComplete;", "unsigned Len = InstrLenTable[Opc];\n      makeUp(insn, Len);")],
    ));
    if info.has_soft_fail {
        o.push_str(INTERPRETER_SOFT_FAIL);
    }
    o.push_str(INTERPRETER_TAIL);
}

const INTERPRETER_HEAD: &str = r#"
  SmallVector<const uint8_t *, 8> ScopeStack;
  DecodeStatus S = MCDisassembler::Success;
  while (true) {
    ptrdiff_t Loc = Ptr - DecodeTable;
    const uint8_t DecoderOp = *Ptr++;
    switch (DecoderOp) {
    default:
      errs() << Loc << ": Unexpected decode table opcode: "
             << (int)DecoderOp << '\n';
      return MCDisassembler::Fail;
    case OPC_Scope: {
      unsigned NumToSkip = decodeULEB128AndIncUnsafe(Ptr);
      const uint8_t *SkipTo = Ptr + NumToSkip;
      ScopeStack.push_back(SkipTo);
      LLVM_DEBUG(dbgs() << Loc << ": OPC_Scope(" << SkipTo - DecodeTable
                        << ")\n");
      continue;
    }
    case OPC_SwitchField: {
      // Decode the start value.
      unsigned Start = decodeULEB128AndIncUnsafe(Ptr);
      unsigned Len = *Ptr++;
      uint64_t FieldValue = fieldFromInstruction(insn, Start, Len);
      uint64_t CaseValue;
      unsigned CaseSize;
      while (true) {
        CaseValue = decodeULEB128AndIncUnsafe(Ptr);
        CaseSize = decodeULEB128AndIncUnsafe(Ptr);
        if (FieldValue == CaseValue || !CaseSize)
          break;
        Ptr += CaseSize;
      }
      if (FieldValue == CaseValue) {
        LLVM_DEBUG(dbgs() << Loc << ": OPC_SwitchField(" << Start << ", " << Len
                          << "): " << FieldValue << '\n');
        continue;
      }
      break;
    }
    case OPC_CheckField: {
      // Decode the start value.
      unsigned Start = decodeULEB128AndIncUnsafe(Ptr);
      unsigned Len = *Ptr;
      uint64_t FieldValue = fieldFromInstruction(insn, Start, Len);
      // Decode the field value.
      unsigned PtrLen = 0;
      uint64_t ExpectedValue = decodeULEB128(++Ptr, &PtrLen);
      Ptr += PtrLen;
      bool Failed = ExpectedValue != FieldValue;

      LLVM_DEBUG(dbgs() << Loc << ": OPC_CheckField(" << Start << ", " << Len
                        << ", " << ExpectedValue << "): FieldValue = "
                        << FieldValue << ", ExpectedValue = " << ExpectedValue
                        << ": " << (Failed ? "FAIL, " : "PASS\n"););
      if (!Failed)
        continue;
      break;
    }"#;

const INTERPRETER_PREDICATE: &str = r#"
    case OPC_CheckPredicate: {
      // Decode the Predicate Index value.
      unsigned PIdx = decodeULEB128AndIncUnsafe(Ptr);
      // Check the predicate.
      bool Failed = !checkDecoderPredicate(PIdx, Bits);

      LLVM_DEBUG(dbgs() << Loc << ": OPC_CheckPredicate(" << PIdx << "): "
                        << (Failed ? "FAIL, " : "PASS\n"););
      if (!Failed)
        continue;
      break;
    }"#;

const INTERPRETER_DECODE: &str = r#"
    case OPC_Decode: {
      // Decode the Opcode value.
      unsigned Opc = decodeULEB128AndIncUnsafe(Ptr);
      unsigned DecodeIdx = decodeULEB128AndIncUnsafe(Ptr);

      MI.clear();
      MI.setOpcode(Opc);
      bool DecodeComplete;
      S = decodeToMCInst(DecodeIdx, S, insn, MI, Address, DisAsm,
                         DecodeComplete);
      LLVM_DEBUG(dbgs() << Loc << ": OPC_Decode: opcode " << Opc
                        << ", using decoder " << DecodeIdx << ": "
                        << (S ? "PASS, " : "FAIL, "));

      if (DecodeComplete) {
        LLVM_DEBUG(dbgs() << "decoding complete\n");
        return S;
      }
      assert(S == MCDisassembler::Fail);
      // Reset decode status. This also drops a SoftFail status that could be
      // set before the decode attempt.
      S = MCDisassembler::Success;
      break;
    }"#;

const INTERPRETER_SOFT_FAIL: &str = r#"
    case OPC_SoftFail: {
      // Decode the mask values.
      uint64_t PositiveMask = decodeULEB128AndIncUnsafe(Ptr);
      uint64_t NegativeMask = decodeULEB128AndIncUnsafe(Ptr);
      bool Failed = (insn & PositiveMask) != 0 || (~insn & NegativeMask) != 0;
      if (Failed)
        S = MCDisassembler::SoftFail;
      LLVM_DEBUG(dbgs() << Loc << ": OPC_SoftFail: " << (Failed ? "FAIL\n" : "PASS\n"));
      continue;
    }"#;

const INTERPRETER_TAIL: &str = r#"
    }
    if (ScopeStack.empty()) {
      LLVM_DEBUG(dbgs() << "returning Fail\n");
      return MCDisassembler::Fail;
    }
    Ptr = ScopeStack.pop_back_val();
    LLVM_DEBUG(dbgs() << "continuing at " << Ptr - DecodeTable << '\n');
  }
  llvm_unreachable("bogosity detected in disassembler state machine!");
}

"#;
