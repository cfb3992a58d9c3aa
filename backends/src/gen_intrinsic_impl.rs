//! `--gen-intrinsic-impl`: what LLVM's Function.cpp includes about intrinsics — the IIT
//! codes, target ranges, names, overload bits, type signatures, attribute sets and the
//! Clang/MS builtin maps (LLVM's IntrinsicEmitter.cpp, implementation half).

use crate::common::emit::{ifdef_block, source_file_header, SequenceToOffsetTable, StringToOffsetTable};
use crate::common::intrinsics::{ArgAttr, ArgAttrKind, Intrinsic, IntrinsicTable, MemoryEffects};
use crate::common::records::{all_derived_definitions_if_defined, Fields};
use crate::gen_intrinsic_enums::BANNER;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Diagnostics, Evaluation};

pub struct GenIntrinsicImpl;

impl Backend for GenIntrinsicImpl {
    fn name(&self) -> &'static str {
        "gen-intrinsic-impl"
    }
    fn help(&self) -> &'static str {
        "Generate intrinsic information"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let mut s = String::new();
        source_file_header(&mut s, BANNER, None);
        let table = IntrinsicTable::read(input, options.release, &mut out.diags)?;
        match *IMPLEMENTATION.get(options.release) {
            Implementation::Literals => emit_literals(input, &table, &mut s)?,
            Implementation::StringTables(form) => {
                Emitter { input, table: &table, form, s: &mut s, diags: &mut out.diags }.run()?
            }
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// The implementation half with names as string literals ([`Implementation::Literals`]).
fn emit_literals(input: &Evaluation, table: &IntrinsicTable, s: &mut String) -> Result<()> {
    let ints = &table.intrinsics;
    iit_info(input, s)?;
    target_info(table, s);
    name_table(ints, s);
    overload_table(ints, s);
    generator(input, ints, s)?;
    attributes(ints, s);
    builtin_map(input, ints, Compiler::Clang, s)?;
    builtin_map(input, ints, Compiler::Ms, s)?;
    Ok(())
}

type Result<T> = std::result::Result<T, BackendError>;

/// `EmitIITInfo`: the `IIT_Base` defs by their number.
fn iit_info(input: &Evaluation, s: &mut String) -> Result<()> {
    let f = Fields { input };
    s.push_str("#ifdef GET_INTRINSIC_IITINFO\n");
    let defs = all_derived_definitions_if_defined(input, "IIT_Base");
    if defs.is_empty() {
        s.push_str("#error \"class IIT_Base is not defined\"\n");
    } else {
        let mut by_number: BTreeMap<i64, &str> = BTreeMap::new();
        for def in defs {
            let number = f.int(def, "Number")?;
            let locs = &input.records.get(def).locs;
            // LLVM only asserts these: a number given twice goes to the def last in name order.
            if !(0..256).contains(&number) {
                return Err(BackendError::fatal(locs, "IIT_Info.Number should be uint8_t"));
            }
            by_number.insert(number, f.name(def));
        }
        for (number, name) in by_number {
            let _ = writeln!(s, "  {name} = {number},");
        }
    }
    s.push_str("#endif\n\n");
    Ok(())
}

fn target_info(table: &IntrinsicTable, s: &mut String) {
    s.push_str("// Target mapping\n#ifdef GET_INTRINSIC_TARGET_DATA\n");
    s.push_str("struct IntrinsicTargetInfo {\n  llvm::StringLiteral Name;\n  size_t Offset;\n  size_t Count;\n};\n");
    s.push_str("static constexpr IntrinsicTargetInfo TargetInfos[] = {\n");
    for t in &table.targets {
        let _ = writeln!(s, "  {{llvm::StringLiteral(\"{}\"), {}, {}}},", t.name, t.offset, t.count);
    }
    s.push_str("};\n#endif\n\n");
}

fn name_table(ints: &[Intrinsic], s: &mut String) {
    s.push_str("// Intrinsic ID to name table\n#ifdef GET_INTRINSIC_NAME_TABLE\n");
    s.push_str("  // Note that entry #0 is the invalid intrinsic!\n");
    for int in ints {
        let _ = writeln!(s, "  \"{}\",", int.name);
    }
    s.push_str("#endif\n\n");
}

fn overload_table(ints: &[Intrinsic], s: &mut String) {
    s.push_str("// Intrinsic ID to overload bitset\n#ifdef GET_INTRINSIC_OVERLOAD_TABLE\n");
    s.push_str("static const uint8_t OTable[] = {\n  0");
    // Bit 0 of the first byte is the invalid intrinsic #0.
    for (i, int) in ints.iter().enumerate() {
        let id = i + 1;
        if id % 8 == 0 {
            s.push_str(",\n  0");
        }
        if int.is_overloaded {
            let _ = write!(s, " | (1<<{})", id % 8);
        }
    }
    s.push_str("\n};\n\n");
    s.push_str("return (OTable[id/8] & (1 << (id%8))) != 0;\n#endif\n\n");
}

/// The intrinsic's `TypeSig`, flattened, each code as the `unsigned char` LLVM stores.
fn type_sig(f: &Fields, int: &Intrinsic) -> Result<Vec<u8>> {
    let mut sig = Vec::new();
    if f.value(int.def, "TypeSig").is_some() {
        for part in f.list(int.def, "TypeSig")? {
            let Some((codes, _)) = part.as_list() else {
                return Err(BackendError::fatal(
                    &[],
                    format!("TypeSig of '{}' is not a list of lists", f.name(int.def)),
                ));
            };
            for code in codes {
                let Some(code) = code.as_int() else {
                    return Err(BackendError::fatal(
                        &[],
                        format!("TypeSig of '{}' holds a non-integer", f.name(int.def)),
                    ));
                };
                sig.push(code as u8);
            }
        }
    }
    Ok(sig)
}

/// A signature of up to eight codes under 16 packed into 31 bits, last code highest.
fn fixed_encoding(sig: &[u8]) -> Option<u32> {
    if sig.len() > 8 || sig.iter().any(|&c| c > 15) {
        return None;
    }
    let result = sig.iter().rev().fold(0u32, |r, &c| (r << 4) | u32::from(c));
    (result >> 31 == 0).then_some(result)
}

/// `EmitGenerator`: each intrinsic's type signature, inline or as an offset into the long
/// encoding table.
fn generator(input: &Evaluation, ints: &[Intrinsic], s: &mut String) -> Result<()> {
    let f = Fields { input };
    let sigs = ints.iter().map(|int| type_sig(&f, int)).collect::<Result<Vec<_>>>()?;
    let fixed: Vec<Option<u32>> = sigs.iter().map(|sig| fixed_encoding(sig)).collect();
    s.push_str("// Global intrinsic function declaration type table.\n#ifdef GET_INTRINSIC_GENERATOR_GLOBAL\n");
    iit_tables(&sigs, &fixed, 31, "static const unsigned IIT_Table[]", "static const", s);
    s.push('\n');
    s.push_str("#endif\n\n");
    Ok(())
}

/// `IIT_Table` (declared as `decl`: each signature's fixed encoding, or bit `msb` and its
/// offset in the long table) and `IIT_LongEncodingTable`; returns the largest offset.
fn iit_tables(sigs: &[Vec<u8>], fixed: &[Option<u32>], msb: u32, decl: &str, long_kind: &str, s: &mut String) -> u32 {
    let mut long = SequenceToOffsetTable::default();
    for (sig, fixed) in sigs.iter().zip(fixed) {
        if fixed.is_none() {
            long.add(sig);
        }
    }
    long.layout();
    let _ = write!(s, "{decl} = {{\n  ");
    let mut max_offset = 0;
    for (i, (sig, fixed)) in sigs.iter().zip(fixed).enumerate() {
        if i & 7 == 7 {
            s.push_str("\n  ");
        }
        match fixed {
            Some(code) => {
                let _ = write!(s, "0x{code:x}, ");
            }
            None => {
                let offset = long.get(sig);
                max_offset = max_offset.max(offset);
                let _ = write!(s, "(1U<<{msb}) | {offset}, ");
            }
        }
    }
    s.push_str("0\n};\n\n");
    let _ = writeln!(s, "{long_kind} unsigned char IIT_LongEncodingTable[] = {{");
    long.emit(s, |out, code| out.push_str(&code.to_string()), "0");
    s.push_str("  255\n};\n");
    max_offset
}

/// What makes two intrinsics' function attributes the same, ordered as LLVM's
/// `compareFnAttributes` orders them (flags false first, memory effects descending: LLVM 19
/// compares the intrinsic's own, later releases the effective ones).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct FnAttrs {
    flags: [bool; 14],
    memory: std::cmp::Reverse<u32>,
}

fn fn_attrs(int: &Intrinsic, memory: MemoryEffects) -> FnAttrs {
    FnAttrs {
        flags: [
            int.can_throw,
            int.is_no_duplicate,
            int.is_no_merge,
            int.is_no_return,
            int.is_no_callback,
            int.is_no_sync,
            int.is_no_free,
            int.is_will_return,
            int.is_cold,
            int.is_convergent,
            int.is_speculatable,
            int.has_side_effects,
            int.is_strict_fp,
            int.is_no_create_undef_or_poison,
        ],
        memory: std::cmp::Reverse(memory.bits),
    }
}

/// The function attributes the intrinsic's flags give, in the order LLVM lists them.
fn flag_attributes(int: &Intrinsic) -> impl Iterator<Item = &'static str> {
    [
        (!int.can_throw, "NoUnwind"),
        (int.is_no_return, "NoReturn"),
        (int.is_no_callback, "NoCallback"),
        (int.is_no_sync, "NoSync"),
        (int.is_no_free, "NoFree"),
        (int.is_will_return, "WillReturn"),
        (int.is_cold, "Cold"),
        (int.is_no_duplicate, "NoDuplicate"),
        (int.is_no_merge, "NoMerge"),
        (int.is_convergent, "Convergent"),
        (int.is_speculatable, "Speculatable"),
        (int.is_strict_fp, "StrictFP"),
        (int.is_no_create_undef_or_poison, "NoCreateUndefOrPoison"),
    ]
    .into_iter()
    .filter_map(|(present, attribute)| present.then_some(attribute))
}

/// Numbers keys in the order first met, as LLVM numbers unique attribute sets: each key's
/// number, and for each number the item that first had its key.
fn number_first_met<K: Ord, T>(items: impl Iterator<Item = (K, T)>) -> (BTreeMap<K, usize>, Vec<T>) {
    let mut ids = BTreeMap::new();
    let mut firsts = Vec::new();
    for (key, item) in items {
        if let std::collections::btree_map::Entry::Vacant(e) = ids.entry(key) {
            e.insert(firsts.len());
            firsts.push(item);
        }
    }
    (ids, firsts)
}

/// Every intrinsic's non-empty argument attribute sets, in order.
fn arg_attribute_sets(ints: &[Intrinsic]) -> impl Iterator<Item = &[ArgAttr]> {
    ints.iter().flat_map(|int| int.arg_attributes.iter().filter(|a| !a.is_empty()).map(Vec::as_slice))
}

/// `EmitAttributes`: `Intrinsic::getAttributes` and the attribute sets it uses.
fn attributes(ints: &[Intrinsic], s: &mut String) {
    s.push_str("// Add parameter attributes that are not common to all intrinsics.\n#ifdef GET_INTRINSIC_ATTRIBUTES\n");
    s.push_str("static AttributeSet getIntrinsicArgAttributeSet(LLVMContext &C, unsigned ID) {\n");
    s.push_str("  switch (ID) {\n  default: llvm_unreachable(\"Invalid attribute set number\");\n");
    let (arg_sets, first_arg_sets) = number_first_met(arg_attribute_sets(ints).map(|a| (a, a)));
    for (id, attrs) in first_arg_sets.into_iter().enumerate() {
        let _ = write!(s, "  case {id}:\n    return AttributeSet::get(C, {{\n");
        for (kind, value, _) in attrs {
            match kind {
                ArgAttrKind::Alignment | ArgAttrKind::Dereferenceable => {
                    let _ = writeln!(s, "      Attribute::get(C, Attribute::{}, {value}),", kind.attribute());
                }
                _ => {
                    let _ = writeln!(s, "      Attribute::get(C, Attribute::{}),", kind.attribute());
                }
            }
        }
        s.push_str("    });\n");
    }
    s.push_str("  }\n}\n\n");

    s.push_str("static AttributeSet getIntrinsicFnAttributeSet(LLVMContext &C, unsigned ID) {\n");
    s.push_str("  switch (ID) {\n  default: llvm_unreachable(\"Invalid attribute set number\");\n");
    let (fn_sets, first_fn_sets) = number_first_met(ints.iter().map(|int| (fn_attrs(int, int.memory), int)));
    for (id, int) in first_fn_sets.into_iter().enumerate() {
        let _ = write!(s, "  case {id}:\n    return AttributeSet::get(C, {{\n");
        for attribute in flag_attributes(int) {
            let _ = writeln!(s, "      Attribute::get(C, Attribute::{attribute}),");
        }
        let memory = effective_memory(int);
        if !memory.is_unknown() {
            let _ = writeln!(
                s,
                "      Attribute::getWithMemoryEffects(C, MemoryEffects::createFromIntValue({})),",
                memory.bits
            );
        }
        s.push_str("    });\n");
    }
    s.push_str("  }\n}\n\n");
    s.push_str("AttributeList Intrinsic::getAttributes(LLVMContext &C, ID id) {\n");

    // Each distinct (function attributes, argument attributes), numbered from 1 by first use
    // and listed in their order.
    type AttrKey<'a> = (FnAttrs, &'a [Vec<ArgAttr>]);
    let mut uniq: BTreeMap<AttrKey, (usize, &Intrinsic)> = BTreeMap::new();
    let mut numbers = Vec::with_capacity(ints.len());
    let mut max_arg_attrs = 0;
    for int in ints {
        max_arg_attrs = max_arg_attrs.max(int.arg_attributes.len());
        let next = uniq.len() + 1;
        let (n, _) = *uniq.entry((fn_attrs(int, int.memory), int.arg_attributes.as_slice())).or_insert((next, int));
        numbers.push(n);
    }
    s.push_str("  static const uint16_t IntrinsicsToAttributesMap[] = {\n");
    for (int, n) in ints.iter().zip(&numbers) {
        let _ = writeln!(s, "    {n}, // {}", int.name);
    }
    s.push_str("  };\n\n");
    let _ = writeln!(s, "  std::pair<unsigned, AttributeSet> AS[{}];", max_arg_attrs + 1);
    s.push_str("  unsigned NumAttrs = 0;\n  if (id != 0) {\n    switch(IntrinsicsToAttributesMap[id - 1]) {\n");
    s.push_str("    default: llvm_unreachable(\"Invalid attribute number\");\n");
    for (key, (n, int)) in &uniq {
        let _ = writeln!(s, "    case {n}: {{");
        let mut count = 0;
        for (index, attrs) in int.arg_attributes.iter().enumerate() {
            if attrs.is_empty() {
                continue;
            }
            let _ = writeln!(
                s,
                "      AS[{count}] = {{{index}, getIntrinsicArgAttributeSet(C, {})}};",
                arg_sets[attrs.as_slice()]
            );
            count += 1;
        }
        // LLVM 19 counts the memory effects only without side effects.
        let has_fn_attrs = flag_attributes(int).next().is_some() || (!int.memory.is_unknown() && !int.has_side_effects);
        if has_fn_attrs {
            let _ = writeln!(
                s,
                "      AS[{count}] = {{AttributeList::FunctionIndex, getIntrinsicFnAttributeSet(C, {})}};",
                fn_sets[&key.0]
            );
            count += 1;
        }
        if count > 0 {
            let _ = write!(s, "      NumAttrs = {count};\n      break;\n    }}\n");
        } else {
            s.push_str("      return AttributeList();\n    }\n");
        }
    }
    s.push_str("    }\n  }\n  return AttributeList::get(C, ArrayRef(AS, NumAttrs));\n}\n");
    s.push_str("#endif // GET_INTRINSIC_ATTRIBUTES\n\n");
}

#[derive(Clone, Copy, PartialEq)]
enum Compiler {
    Clang,
    Ms,
}

/// `EmitIntrinsicToBuiltinMap`: `getIntrinsicForClangBuiltin` or `...MSBuiltin`.
fn builtin_map(input: &Evaluation, ints: &[Intrinsic], compiler: Compiler, s: &mut String) -> Result<()> {
    let (name, upper) = match compiler {
        Compiler::Clang => ("Clang", "CLANG"),
        Compiler::Ms => ("MS", "MS"),
    };
    let mut by_target: BTreeMap<&str, BTreeMap<&str, &str>> = BTreeMap::new();
    let mut table = StringToOffsetTable::default();
    for int in ints {
        let builtin = if compiler == Compiler::Clang { int.clang_builtin_name } else { int.ms_builtin_name };
        if builtin.is_empty() {
            continue;
        }
        if by_target.entry(int.target_prefix).or_default().insert(builtin, int.enum_name).is_some() {
            let def = input.records.get(int.def);
            let message = format!("Intrinsic '{}': duplicate {name} builtin name!", def.name_string());
            return Err(BackendError::fatal(&def.locs, message));
        }
        table.get_or_add(builtin);
    }
    s.push_str("// Get the LLVM intrinsic that corresponds to a builtin.\n");
    s.push_str("// This is used by the C front-end.  The builtin name is passed\n");
    s.push_str("// in as BuiltinName, and a target prefix (e.g. 'ppc') is passed\n");
    s.push_str("// in as TargetPrefix.  The result is assigned to 'IntrinsicID'.\n");
    let _ = writeln!(s, "#ifdef GET_LLVM_INTRINSIC_FOR_{upper}_BUILTIN");
    let _ = writeln!(
        s,
        "Intrinsic::ID Intrinsic::getIntrinsicFor{name}Builtin(const char *TargetPrefixStr, StringRef BuiltinNameStr) {{"
    );
    if table.is_empty() {
        s.push_str("  return Intrinsic::not_intrinsic;\n}\n#endif\n\n");
        return Ok(());
    }
    s.push_str("  static const char BuiltinNames[] = {\n");
    table.emit_char_array(s);
    s.push_str("  };\n\n");
    s.push_str("  struct BuiltinEntry {\n    Intrinsic::ID IntrinID;\n    unsigned StrTabOffset;\n");
    s.push_str("    const char *getName() const {\n      return &BuiltinNames[StrTabOffset];\n    }\n");
    s.push_str("    bool operator<(StringRef RHS) const {\n");
    s.push_str("      return strncmp(getName(), RHS.data(), RHS.size()) < 0;\n    }\n  };\n");
    s.push_str("  StringRef TargetPrefix(TargetPrefixStr);\n\n");
    for (target, builtins) in &by_target {
        s.push_str("  ");
        if target.is_empty() {
            s.push_str("/* Target Independent Builtins */ ");
        } else {
            let _ = write!(s, "if (TargetPrefix == \"{target}\") ");
        }
        s.push_str("{\n");
        let _ = writeln!(s, "    static const BuiltinEntry {target}Names[] = {{");
        for (builtin, enum_name) in builtins {
            let _ = writeln!(s, "      {{Intrinsic::{enum_name}, {}}}, // {builtin}", table.get_or_add(builtin));
        }
        s.push_str("    };\n");
        let _ = writeln!(s, "    auto I = std::lower_bound(std::begin({target}Names),");
        let _ = writeln!(s, "                              std::end({target}Names),");
        s.push_str("                              BuiltinNameStr);\n");
        let _ = writeln!(s, "    if (I != std::end({target}Names) &&");
        s.push_str("        I->getName() == BuiltinNameStr)\n      return I->IntrinID;\n  }\n");
    }
    s.push_str("  return Intrinsic::not_intrinsic;\n}\n#endif\n\n");
    Ok(())
}

/// `getEffectiveME`: side effects make an intrinsic that touches no memory touch any.
fn effective_memory(int: &Intrinsic) -> MemoryEffects {
    if int.memory.does_not_access_memory() && int.has_side_effects {
        MemoryEffects::unknown(int.memory.locations())
    } else {
        int.memory
    }
}

/// How a release writes the implementation.
#[derive(Clone, Copy)]
enum Implementation {
    /// Names as string literals, type signatures from the intrinsic's own `TypeSig` packed
    /// into 31 bits, each section after its comment (LLVM 19: [`emit_literals`]).
    Literals,
    /// Names and builtins as offsets into string tables, type signatures from `TypeInfo`,
    /// in sections as [`Form`] says (LLVM 22 on).
    StringTables(Form),
}

/// What an [`Implementation::StringTables`] release writes.
#[derive(Clone, Copy)]
struct Form {
    /// Each section is an `IfDefEmitter` (`#undef` after the `#ifdef`, blank lines around the
    /// body, a named `#endif`), its comment inside; LLVM 22 writes the comment before a bare
    /// `#ifdef` and closes some sections in their body.
    ifdef_emitter: bool,
    /// The intrinsic-to-target-features table.
    target_features_table: bool,
    /// The trivially-scalarizable bitset.
    scalarizable_table: bool,
    /// The default argument values table.
    default_arg_values_table: bool,
    /// `IIT_Done` must be IIT number 0, and a type signature code must fit in 8 bits
    /// (`Unresolved type signature`).
    checked_type_signatures: bool,
    /// The type table's element type is named (`using FixedEncodingTy = uint16_t;`).
    fixed_encoding_type: bool,
    /// Type signatures of up to this many codes are packed inline (eight nibbles in LLVM 22,
    /// before the 15-bit check; four in LLVM 23).
    packed_codes: usize,
    /// An attributes map wider than 16 bits gets a warning.
    warns_wide_attributes_map: bool,
    /// `printImmArg` writes `NAME=` for an argument without a name too (as `=`).
    names_unnamed_imm_args: bool,
}

const FORM_22: Form = Form {
    ifdef_emitter: false,
    target_features_table: false,
    scalarizable_table: false,
    default_arg_values_table: false,
    checked_type_signatures: false,
    fixed_encoding_type: false,
    packed_codes: 8,
    warns_wide_attributes_map: true,
    names_unnamed_imm_args: true,
};

const IMPLEMENTATION: ByRelease<Implementation> = ByRelease {
    v19: Implementation::Literals,
    v22: Implementation::StringTables(FORM_22),
    v23: Implementation::StringTables(Form {
        ifdef_emitter: true,
        target_features_table: true,
        scalarizable_table: true,
        default_arg_values_table: true,
        checked_type_signatures: true,
        fixed_encoding_type: true,
        packed_codes: 4,
        warns_wide_attributes_map: false,
        names_unnamed_imm_args: false,
    }),
};

/// How a section of LLVM 22 ends (LLVM 23's all end as `IfDefEmitter`).
#[derive(Clone, Copy, PartialEq)]
enum End {
    /// `#endif` and a blank line.
    Plain,
    /// `#endif // NAME` and a blank line.
    Named,
    /// Nothing: the body closes the section itself.
    InBody,
}

struct Emitter<'a> {
    input: &'a Evaluation,
    table: &'a IntrinsicTable,
    form: Form,
    s: &'a mut String,
    /// Warnings (LLVM's `PrintWarning`), printed whether or not the backend succeeds.
    diags: &'a mut Diagnostics,
}

/// The bits of a packed attribute id: `Log2_32_Ceil`.
fn log2_ceil(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

impl Emitter<'_> {
    fn run(&mut self) -> Result<()> {
        self.iit_info()?;
        self.target_info();
        self.name_table();
        if self.form.target_features_table {
            self.target_features_table();
        }
        let ints = &self.table.intrinsics;
        let overloaded: Vec<bool> = ints.iter().map(|i| i.is_overloaded).collect();
        self.bit_table("GET_INTRINSIC_OVERLOAD_TABLE", "OTable", "Intrinsic ID to overload bitset.", &overloaded);
        if self.form.scalarizable_table {
            let scalarizable: Vec<bool> = ints.iter().map(|i| i.is_trivially_scalarizable).collect();
            self.bit_table(
                "GET_INTRINSIC_SCALARIZABLE_TABLE",
                "STable",
                "Intrinsic ID to trivially scalarizable bitset.",
                &scalarizable,
            );
        }
        self.generator()?;
        self.attributes()?;
        let pretty: Vec<bool> = ints.iter().map(|i| !i.pretty_print.is_empty()).collect();
        self.bit_table("GET_INTRINSIC_PRETTY_PRINT_TABLE", "PPTable", "Intrinsic ID to pretty print bitset.", &pretty);
        self.pretty_print_arguments();
        if self.form.default_arg_values_table {
            self.default_arg_values();
        }
        self.builtin_map(Compiler::Clang)?;
        self.builtin_map(Compiler::Ms)?;
        Ok(())
    }

    /// A section: `comment` (LLVM 22 puts it before the `#ifdef`), then `body`.
    fn section(&mut self, name: &str, comment: &str, end: End, body: impl FnOnce(&mut String)) {
        if self.form.ifdef_emitter {
            ifdef_block(self.s, name, false, |s| {
                s.push_str(comment);
                body(s);
            });
            return;
        }
        self.s.push_str(comment);
        let _ = writeln!(self.s, "#ifdef {name}");
        body(self.s);
        match end {
            End::Plain => self.s.push_str("#endif\n\n"),
            End::Named => {
                let _ = write!(self.s, "#endif // {name}\n\n");
            }
            End::InBody => {}
        }
    }

    fn iit_info(&mut self) -> Result<()> {
        let f = Fields { input: self.input };
        let defs = all_derived_definitions_if_defined(self.input, "IIT_Base");
        let mut by_number: BTreeMap<i64, &str> = BTreeMap::new();
        for &def in &defs {
            let number = f.int(def, "Number")?;
            // LLVM only asserts these: a number given twice goes to the def last in name order.
            if !(0..256).contains(&number) {
                return Err(BackendError::fatal(
                    &self.input.records.get(def).locs,
                    "IIT_Info.Number should be uint8_t",
                ));
            }
            by_number.insert(number, f.name(def));
        }
        if self.form.checked_type_signatures && !defs.is_empty() && by_number.get(&0) != Some(&"IIT_Done") {
            return Err(BackendError::fatal(&[], "IIT_Done expected to have value 0"));
        }
        self.section("GET_INTRINSIC_IITINFO", "", End::Plain, |s| {
            if defs.is_empty() {
                s.push_str("#error \"class IIT_Base is not defined\"\n");
            }
            for (number, name) in by_number {
                let _ = writeln!(s, "  {name} = {number},");
            }
        });
        Ok(())
    }

    fn target_info(&mut self) {
        let targets = &self.table.targets;
        self.section("GET_INTRINSIC_TARGET_DATA", "// Target mapping.\n", End::Plain, |s| {
            s.push_str("struct IntrinsicTargetInfo {\n  StringLiteral Name;\n  size_t Offset;\n  size_t Count;\n};\n");
            s.push_str("static constexpr IntrinsicTargetInfo TargetInfos[] = {\n");
            for t in targets {
                let _ = writeln!(s, "  {{\"{}\", {}, {}}},", t.name, t.offset, t.count);
            }
            s.push_str("};\n");
        });
    }

    fn name_table(&mut self) {
        let ints = &self.table.intrinsics;
        let mut table = StringToOffsetTable::starting_empty();
        let not_intrinsic = table.get_or_add("not_intrinsic");
        for int in ints {
            table.get_or_add(&int.name);
        }
        let blank_line_after = !self.form.ifdef_emitter;
        self.section("GET_INTRINSIC_NAME_TABLE", "// Intrinsic ID to name table.\n", End::Plain, |s| {
            s.push_str("// Note that entry #0 is the invalid intrinsic!\n\n");
            table.emit_string_table_def("IntrinsicNameTable", s);
            s.push_str("\nstatic constexpr unsigned IntrinsicNameOffsetTable[] = {\n");
            let _ = writeln!(s, "  {not_intrinsic}, // not_intrinsic");
            for int in ints {
                let _ = writeln!(s, "  {}, // {}", table.get(&int.name).unwrap_or(0), int.name);
            }
            s.push_str("\n}; // IntrinsicNameOffsetTable\n");
            if blank_line_after {
                s.push('\n');
            }
        });
    }

    /// LLVM 23's `EmitIntrinsicToTargetFeaturesTable`.
    fn target_features_table(&mut self) {
        let ints = &self.table.intrinsics;
        let mut table = StringToOffsetTable::starting_empty();
        for int in ints {
            table.get_or_add(int.target_features);
        }
        self.section("GET_INTRINSIC_TARGET_FEATURES_TABLE", "", End::Named, |s| {
            s.push_str("// Intrinsic ID to required target features table.\n");
            s.push_str("// Note that entry #0 is the invalid intrinsic!\n\n");
            table.emit_string_table_def("IntrinsicTargetFeaturesTable", s);
            s.push_str("\nstatic constexpr unsigned IntrinsicTargetFeaturesOffsetTable[] = {\n");
            s.push_str("  0, // not_intrinsic\n");
            for int in ints {
                let _ = writeln!(s, "  {}, // {}", table.get(int.target_features).unwrap_or(0), int.name);
            }
            s.push_str("\n}; // IntrinsicTargetFeaturesOffsetTable\n");
        });
    }

    /// `EmitIntrinsicBitTable`: one bit an intrinsic, bit 0 of the first byte for #0.
    fn bit_table(&mut self, guard: &str, table: &str, comment: &str, bits: &[bool]) {
        let comment = format!("// {comment}\n");
        self.section(guard, &comment, End::Named, |s| {
            let _ = write!(s, "static constexpr uint8_t {table}[] = {{\n  0\n  ");
            for (i, &bit) in bits.iter().enumerate() {
                let id = i + 1;
                if id % 8 == 0 {
                    s.push_str(",\n  0");
                }
                if bit {
                    let _ = write!(s, " | (1<<{})", id % 8);
                }
            }
            s.push_str("\n};\n\n");
            let _ = writeln!(s, "return ({table}[id/8] & (1 << (id%8))) != 0;");
        });
    }

    /// The `TypeSig` of the intrinsic's `TypeInfo`.
    fn type_sig(&self, int: &Intrinsic) -> Result<Vec<u8>> {
        let f = Fields { input: self.input };
        let type_info = f.def(int.def, "TypeInfo")?;
        let locs = &self.input.records.get(int.def).locs;
        let mut sig = Vec::new();
        for code in f.list(type_info, "TypeSig")? {
            let code = match code.as_int() {
                Some(code) if (0..256).contains(&code) || !self.form.checked_type_signatures => code,
                // LLVM 22 only casts (tdq refuses what it cannot read).
                _ => return Err(BackendError::fatal(locs, "Unresolved type signature")),
            };
            sig.push(code as u8);
        }
        Ok(sig)
    }

    /// `encodePacked`: up to [`Form::packed_codes`] codes under 16 packed into 15 bits.
    fn packed(&self, sig: &[u8]) -> Option<u16> {
        if sig.len() > self.form.packed_codes || sig.iter().any(|&c| c > 15) {
            return None;
        }
        let result = sig.iter().rev().fold(0u64, |r, &c| (r << 4) | u64::from(c));
        (result <= 0x7fff).then_some(result as u16)
    }

    fn generator(&mut self) -> Result<()> {
        let ints = &self.table.intrinsics;
        let sigs = ints.iter().map(|int| self.type_sig(int)).collect::<Result<Vec<_>>>()?;
        let fixed: Vec<Option<u32>> = sigs.iter().map(|sig| self.packed(sig).map(u32::from)).collect();
        let comment = "// Global intrinsic function declaration type table.\n";
        let form = self.form;
        let (comment_before, comment_inside) = if form.ifdef_emitter { ("", comment) } else { (comment, "") };
        let mut max_offset = 0;
        self.section("GET_INTRINSIC_GENERATOR_GLOBAL", comment_before, End::Plain, |s| {
            s.push_str(comment_inside);
            let decl = if form.fixed_encoding_type {
                "using FixedEncodingTy = uint16_t;\nstatic constexpr FixedEncodingTy IIT_Table[]"
            } else {
                "static constexpr uint16_t IIT_Table[]"
            };
            max_offset = iit_tables(&sigs, &fixed, 15, decl, "static constexpr", s);
        });
        if max_offset > 0x7fff {
            return Err(BackendError::fatal(&[], "Offset of long encoding table exceeds encoding bits"));
        }
        Ok(())
    }

    /// `EmitAttributes`: the argument and function attribute sets, each intrinsic's packed
    /// pair of ids, and `Intrinsic::getAttributes`.
    fn attributes(&mut self) -> Result<()> {
        let ints = &self.table.intrinsics;
        let names = self.table.rules.memory_locations;
        let mut text = String::new();
        let s = &mut text;
        s.push_str("static AttributeSet getIntrinsicArgAttributeSet(LLVMContext &C, unsigned ID,\n");
        s.push_str("                                                Type *ArgType) {\n");
        s.push_str("  unsigned BitWidth = ArgType->getScalarSizeInBits();\n  switch (ID) {\n");
        s.push_str("  default: llvm_unreachable(\"Invalid attribute set number\");");
        let (arg_sets, first_arg_sets) = number_first_met(arg_attribute_sets(ints).map(|a| (a, a)));
        for (id, attrs) in first_arg_sets.into_iter().enumerate() {
            let _ = write!(s, "\n  case {id}:\n    return AttributeSet::get(C, {{\n");
            for &(kind, value, value2) in attrs {
                match kind {
                    ArgAttrKind::NoCapture => {
                        s.push_str("      Attribute::getWithCaptureInfo(C, CaptureInfo::none()),\n")
                    }
                    ArgAttrKind::Alignment | ArgAttrKind::Dereferenceable => {
                        let _ = writeln!(s, "      Attribute::get(C, Attribute::{}, {value}),", kind.attribute());
                    }
                    ArgAttrKind::Range => {
                        let _ = writeln!(
                            s,
                            "      Attribute::get(C, Attribute::Range, ConstantRange(APInt(BitWidth, {}, /*isSigned=*/true, /*implicitTrunc=*/true), APInt(BitWidth, {}, /*isSigned=*/true, /*implicitTrunc=*/true))),",
                            value as i64, value2 as i64
                        );
                    }
                    _ => {
                        let _ = writeln!(s, "      Attribute::get(C, Attribute::{}),", kind.attribute());
                    }
                }
            }
            s.push_str("    });");
        }
        s.push_str("\n  }\n} // getIntrinsicArgAttributeSet\n");

        s.push_str(
            "\nstatic AttributeSet getIntrinsicFnAttributeSet(LLVMContext &C, unsigned ID) {\n  switch (ID) {\n",
        );
        s.push_str("    default: llvm_unreachable(\"Invalid attribute set number\");");
        let with_fn_attributes = ints.iter().filter(|int| has_fn_attributes(int));
        let (fn_sets, first_fn_sets) =
            number_first_met(with_fn_attributes.map(|int| (fn_attrs(int, effective_memory(int)), int)));
        for (id, int) in first_fn_sets.into_iter().enumerate() {
            let _ = write!(s, "\n  case {id}: // {}\n    return AttributeSet::get(C, {{\n", int.name);
            for attribute in flag_attributes(int) {
                let _ = writeln!(s, "      Attribute::get(C, Attribute::{attribute}),");
            }
            let memory = effective_memory(int);
            if !memory.is_unknown() {
                let _ = writeln!(s, "      // {}", memory.describe(names));
                let _ = writeln!(
                    s,
                    "      Attribute::getWithMemoryEffects(C, MemoryEffects::createFromIntValue({})),",
                    memory.bits
                );
            }
            s.push_str("    });");
        }
        s.push_str("\n  }\n} // getIntrinsicFnAttributeSet");

        // Each distinct list of argument attributes, numbered by first use.
        let mut uniq: BTreeMap<&[Vec<ArgAttr>], (usize, &Intrinsic)> = BTreeMap::new();
        for int in ints {
            let next = uniq.len();
            uniq.entry(int.arg_attributes.as_slice()).or_insert((next, int));
        }
        let uniq_bits = log2_ceil(uniq.len());
        let fn_bits = log2_ceil(fn_sets.len() + 1);
        let no_fn_attrs: u32 = if fn_bits == 0 { 0 } else { u32::MAX >> (32 - fn_bits) };
        let mut map_bits = (uniq_bits + fn_bits).max(1).next_power_of_two();
        if map_bits < 8 {
            map_bits = 8;
        } else if map_bits > 64 {
            return Err(BackendError::fatal(&[], "Packed ID of IntrinsicsToAttributesMap exceeds 64b!"));
        }
        if map_bits > 16 && self.form.warns_wide_attributes_map {
            self.diags.warning(
                tdq_core::Loc::NONE,
                "Packed ID of IntrinsicsToAttributesMap exceeds 16b, this may cause performance drop (pr106809), please consider redesigning intrinsic sets!",
            );
        }
        let _ = write!(s, "\nstatic constexpr uint{map_bits}_t IntrinsicsToAttributesMap[] = {{");
        for int in ints {
            let fn_id = if has_fn_attributes(int) {
                fn_sets[&fn_attrs(int, effective_memory(int))] as u32
            } else {
                no_fn_attrs
            };
            let _ =
                write!(s, "\n    {fn_id} << {uniq_bits} | {}, // {}", uniq[int.arg_attributes.as_slice()].0, int.name);
        }
        s.push_str("\n}; // IntrinsicsToAttributesMap\n");

        // Each list's (argument, attribute set) pairs, as slices of one shared table.
        let mut sub_tables: Vec<Vec<(u16, u16)>> = vec![Vec::new(); uniq.len()];
        let mut pairs = SequenceToOffsetTable::unterminated();
        let mut max_attrs = 0;
        for (attrs, &(id, int)) in &uniq {
            let sub: Vec<(u16, u16)> = attrs
                .iter()
                .enumerate()
                .filter(|(_, a)| !a.is_empty())
                .map(|(arg, a)| (arg as u16, arg_sets[a.as_slice()] as u16))
                .collect();
            if !sub.is_empty() {
                pairs.add(&sub);
            }
            max_attrs = max_attrs.max(sub.len() + usize::from(has_fn_attributes(int)));
            sub_tables[id] = sub;
        }
        pairs.layout();
        if pairs.size() >= u32::from(u16::MAX) {
            return Err(BackendError::fatal(&[], "Size of ArgAttrIdTable exceeds supported limit"));
        }
        s.push_str("\nnamespace {\nstruct ArgNoAttrIDPair {\n  uint16_t ArgNo, ArgAttrID;\n};\n} // namespace\n\n");
        let _ = writeln!(s, "// Number of entries: {}", pairs.size());
        s.push_str("static constexpr ArgNoAttrIDPair ArgAttrIdTable[] = {\n");
        pairs.emit_unterminated(
            s,
            |out, &(arg, id)| {
                let _ = write!(out, "{{{arg}, {id}}}");
            },
            "{0, 0}",
        );
        s.push_str("}; // ArgAttrIdTable\n\nnamespace {\nstruct ArgAttributesInfo {\n  uint16_t StartIndex;\n");
        s.push_str("  uint16_t NumAttrs;\n};\n} // namespace\n\n");
        let _ = writeln!(s, "// Number of entries: {}", sub_tables.len());
        s.push_str("static constexpr ArgAttributesInfo ArgAttributesInfoTable[] = {\n");
        for sub in &sub_tables {
            let start = if sub.is_empty() { 0 } else { pairs.get(sub) };
            let _ = writeln!(s, "  {{{start}, {}}},", sub.len());
        }
        s.push_str("}; // ArgAttributesInfoTable\n");
        let _ = write!(
            s,
            "\n\ntemplate <typename IDTy>\ninline std::pair<uint32_t, uint32_t> unpackID(const IDTy PackedID) {{\n  constexpr uint8_t UniqAttributesBitSize = {uniq_bits};\n  const uint32_t FnAttrID = PackedID >> UniqAttributesBitSize;\n  const uint32_t ArgAttrID = PackedID &\n    maskTrailingOnes<uint32_t>(UniqAttributesBitSize);\n  return {{FnAttrID, ArgAttrID}};\n}}\n\n\
AttributeList Intrinsic::getAttributes(LLVMContext &C, ID id,\n                                       FunctionType *FT) {{\n  if (id == 0)\n    return AttributeList();\n  auto [FnAttrID, ArgAttrID] = unpackID(IntrinsicsToAttributesMap[id - 1]);\n  using PairTy = std::pair<unsigned, AttributeSet>;\n  alignas(PairTy) char ASStorage[sizeof(PairTy) * {max_attrs}];\n  PairTy *AS = reinterpret_cast<PairTy *>(ASStorage);\n\n  // Construct an ArrayRef for easier range checking.\n  ArrayRef<ArgAttributesInfo> ArgAttributesInfoTableAR(ArgAttributesInfoTable);\n  if (ArgAttrID >= ArgAttributesInfoTableAR.size())\n    llvm_unreachable(\"Invalid arguments attribute ID\");\n\n  auto [StartIndex, NumAttrs] = ArgAttributesInfoTableAR[ArgAttrID];\n  for (unsigned Idx = 0; Idx < NumAttrs; ++Idx) {{\n    auto [ArgNo, ArgAttrID] = ArgAttrIdTable[StartIndex + Idx];\n    AS[Idx] = {{ArgNo,\n        getIntrinsicArgAttributeSet(C, ArgAttrID, FT->getContainedType(ArgNo))}};\n  }}\n  if (FnAttrID != {no_fn_attrs}) {{\n    AS[NumAttrs++] = {{AttributeList::FunctionIndex,\n                      getIntrinsicFnAttributeSet(C, FnAttrID)}};\n  }}\n  return AttributeList::get(C, ArrayRef(AS, NumAttrs));\n}}\n\n\
AttributeSet Intrinsic::getFnAttributes(LLVMContext &C, ID id) {{\n  if (id == 0)\n    return AttributeSet();\n  auto [FnAttrID, _] = unpackID(IntrinsicsToAttributesMap[id - 1]);\n  if (FnAttrID == {no_fn_attrs})\n    return AttributeSet();\n  return getIntrinsicFnAttributeSet(C, FnAttrID);\n}}\n"
        );
        let comment = "// Add parameter attributes that are not common to all intrinsics.\n";
        self.section("GET_INTRINSIC_ATTRIBUTES", comment, End::Named, |s| s.push_str(&text));
        Ok(())
    }
}

impl Emitter<'_> {
    /// `EmitPrettyPrintArguments`: `Intrinsic::printImmArg`.
    fn pretty_print_arguments(&mut self) {
        let ints = &self.table.intrinsics;
        let form = self.form;
        let guard = "GET_INTRINSIC_PRETTY_PRINT_ARGUMENTS";
        self.section(guard, "\n", End::InBody, |s| {
            s.push_str(
                "void Intrinsic::printImmArg(ID IID, unsigned ArgIdx, raw_ostream &OS, const Constant *ImmArgVal) {\n",
            );
            s.push_str("  using namespace Intrinsic;\n  switch (IID) {\n");
            for int in ints.iter().filter(|int| !int.pretty_print.is_empty()) {
                let _ = write!(s, "  case {}:\n    switch (ArgIdx) {{\n", int.enum_name);
                for arg in &int.pretty_print {
                    let _ = writeln!(s, "    case {}:", arg.arg);
                    if !arg.name.is_empty() || form.names_unnamed_imm_args {
                        let _ = writeln!(s, "      OS << \"{}=\";", arg.name);
                    }
                    if !arg.function.is_empty() {
                        s.push_str("      ");
                        if !int.target_prefix.is_empty() {
                            let _ = write!(s, "{}::", int.target_prefix);
                        }
                        let _ = writeln!(s, "{}(OS, ImmArgVal);", arg.function);
                    }
                    s.push_str("      return;\n");
                }
                s.push_str("    }\n    break;\n");
            }
            s.push_str("  default:\n    break;\n  }\n}");
            if !form.ifdef_emitter {
                let _ = writeln!(s, "\n#endif // {guard}");
            }
        });
    }

    /// LLVM 23's `EmitDefaultArgValuesTable`: each intrinsic's default argument values as
    /// `[(count << 32) | first, values...]` in one shared table, offset 0 meaning none.
    fn default_arg_values(&mut self) {
        let ints = &self.table.intrinsics;
        let sequences: Vec<Vec<u64>> = ints
            .iter()
            .map(|int| {
                let defaults = &int.param_default_values;
                let Some(first) = defaults.iter().position(Option::is_some) else {
                    return Vec::new();
                };
                let header = (((defaults.len() - first) as u64) << 32) | first as u64;
                std::iter::once(header).chain(defaults[first..].iter().map(|v| v.unwrap_or(0))).collect()
            })
            .collect();
        let mut table = SequenceToOffsetTable::default();
        for seq in sequences.iter().filter(|seq| !seq.is_empty()) {
            table.add(seq);
        }
        table.layout();
        self.section("GET_INTRINSIC_DEFAULT_ARG_VALUES", "", End::Named, |s| {
            s.push_str("static constexpr uint64_t DefaultArgValuesTable[] = {\n");
            s.push_str("  0, // offset 0: sentinel for intrinsics without defaults\n");
            if table.is_empty() {
                s.push_str("  /* dummy */   0\n");
            }
            table.emit(s, |out, value| out.push_str(&format!("  {value}")), "  0");
            s.push_str("};\n\nstatic constexpr uint32_t DefaultArgValuesTableOffset[] = {\n  0, // not_intrinsic\n");
            for seq in &sequences {
                let offset = if seq.is_empty() { 0 } else { table.get(seq) + 1 };
                let _ = writeln!(s, "  {offset},");
            }
            s.push_str("};\n\n\nstd::pair<unsigned, ArrayRef<uint64_t>>\nIntrinsic::getAllDefaultArgValues(ID IID) {\n");
            s.push_str("  uint32_t Offset = DefaultArgValuesTableOffset[IID];\n  uint64_t Header = DefaultArgValuesTable[Offset];\n");
            s.push_str("  uint32_t FirstDefault = Header & 0xFFFFFFFFu;\n  uint32_t NumDefaults = (Header >> 32) & 0xFFFFFFFFu;\n");
            s.push_str("  if (NumDefaults == 0)\n    return {0, {}};\n  return {FirstDefault,\n");
            s.push_str("          ArrayRef(&DefaultArgValuesTable[Offset + 1], NumDefaults)};\n}\n");
        });
    }

    /// `EmitIntrinsicToBuiltinMap` (LLVM 22 and 23): per target, its builtins without their
    /// common prefix, looked up by binary search.
    fn builtin_map(&mut self, compiler: Compiler) -> Result<()> {
        let (name, upper) = match compiler {
            Compiler::Clang => ("Clang", "CLANG"),
            Compiler::Ms => ("MS", "MS"),
        };
        // Per target prefix: builtin name to enum name, and the names' common prefix.
        let mut by_target: BTreeMap<&str, (BTreeMap<&str, &str>, &str)> = BTreeMap::new();
        for int in &self.table.intrinsics {
            let builtin = if compiler == Compiler::Clang { int.clang_builtin_name } else { int.ms_builtin_name };
            if builtin.is_empty() {
                continue;
            }
            let (map, common) = by_target.entry(int.target_prefix).or_insert_with(|| (BTreeMap::new(), builtin));
            if map.insert(builtin, int.enum_name).is_some() {
                let def = self.input.records.get(int.def);
                let message = format!("Intrinsic '{}': duplicate {name} builtin name!", def.name_string());
                return Err(BackendError::fatal(&def.locs, message));
            }
            let shared = common.bytes().zip(builtin.bytes()).take_while(|(a, b)| a == b).count();
            *common = &common[..shared];
        }
        let mut table = StringToOffsetTable::starting_empty();
        for (map, common) in by_target.values() {
            for builtin in map.keys() {
                table.get_or_add(&builtin[common.len()..]);
            }
        }
        let ifdef_emitter = self.form.ifdef_emitter;
        let guard = format!("GET_LLVM_INTRINSIC_FOR_{upper}_BUILTIN");
        let comment = "\n// Get the LLVM intrinsic that corresponds to a builtin. This is used by the\n// C front-end. The builtin name is passed in as BuiltinName, and a target\n// prefix (e.g. 'ppc') is passed in as TargetPrefix.\n";
        let (before, inside) = if ifdef_emitter { ("", comment) } else { (comment, "") };
        let guard_for_body = guard.clone();
        self.section(&guard, before, End::InBody, |s| {
            s.push_str(inside);
            let space = if ifdef_emitter { "" } else { " " };
            let _ = write!(
                s,
                "Intrinsic::ID\nIntrinsic::getIntrinsicFor{name}Builtin(StringRef TargetPrefix,{space}\n                                      StringRef BuiltinName) {{\n  using namespace Intrinsic;\n"
            );
            if by_target.is_empty() {
                if ifdef_emitter {
                    s.push_str("return not_intrinsic;\n");
                } else {
                    let _ = write!(s, "\n  return not_intrinsic;\n  }}\n#endif  // {guard_for_body}\n");
                }
                return;
            }
            table.emit_string_table_def("BuiltinNames", s);
            s.push_str("\n  struct BuiltinEntry {\n    ID IntrinsicID;\n    unsigned StrTabOffset;\n");
            s.push_str("    const char *getName() const { return BuiltinNames[StrTabOffset].data(); }\n");
            s.push_str("    bool operator<(StringRef RHS) const {\n      return strncmp(getName(), RHS.data(), RHS.size()) < 0;\n    }\n  };\n\n");
            let mut independent_prefix = None;
            for (target, (map, common)) in &by_target {
                if target.is_empty() {
                    s.push_str("  // Target independent builtins.\n");
                    independent_prefix = Some(*common);
                } else {
                    let _ = writeln!(s, "  // Builtins for {target}.");
                }
                let _ = writeln!(s, "  static constexpr BuiltinEntry {target}Names[] = {{");
                for (builtin, enum_name) in map {
                    let offset = table.get(&builtin[common.len()..]).unwrap_or(0);
                    let _ = writeln!(s, "    {{{enum_name}, {offset}}}, // {builtin}");
                }
                let _ = write!(s, "  }}; // {target}Names\n\n");
            }
            s.push_str("\n  struct TargetEntry {\n    StringLiteral TargetPrefix;\n    ArrayRef<BuiltinEntry> Names;\n");
            s.push_str("    StringLiteral CommonPrefix;\n    bool operator<(StringRef RHS) const {\n      return TargetPrefix < RHS;\n    };\n  };\n");
            s.push_str("  static constexpr TargetEntry TargetTable[] = {\n");
            for (target, (_, common)) in by_target.iter().filter(|(t, _)| !t.is_empty()) {
                let _ = writeln!(s, "    {{\"{target}\", {target}Names, \"{common}\"}},");
            }
            s.push_str("  };\n");
            if let Some(prefix) = independent_prefix {
                let _ = write!(
                    s,
                    "\n  // Check if it's a target independent builtin.\n  // Copy the builtin name so we can use it in consume_front without clobbering\n  // if for the lookup in the target specific table.\n  StringRef Suffix = BuiltinName;\n  if (Suffix.consume_front(\"{prefix}\")) {{\n    auto II = lower_bound(Names, Suffix);\n    if (II != std::end(Names) && II->getName() == Suffix)\n      return II->IntrinsicID;\n  }}\n"
                );
            }
            s.push_str("\n  auto TI = lower_bound(TargetTable, TargetPrefix);\n  if (TI == std::end(TargetTable) || TI->TargetPrefix != TargetPrefix)\n    return not_intrinsic;\n");
            s.push_str("  // This is the last use of BuiltinName, so no need to copy before using it in\n  // consume_front.\n");
            s.push_str("  if (!BuiltinName.consume_front(TI->CommonPrefix))\n    return not_intrinsic;\n");
            s.push_str("  auto II = lower_bound(TI->Names, BuiltinName);\n  if (II == std::end(TI->Names) || II->getName() != BuiltinName)\n    return not_intrinsic;\n");
            s.push_str("  return II->IntrinsicID;\n}\n");
            if !ifdef_emitter {
                let _ = write!(s, "#endif // {guard_for_body}\n\n");
            }
        });
        Ok(())
    }
}

/// `hasFnAttributes`: whether the intrinsic has any function attribute (`NoUnwind` is
/// `!canThrow`).
fn has_fn_attributes(int: &Intrinsic) -> bool {
    flag_attributes(int).next().is_some() || !effective_memory(int).is_unknown()
}
