//! `--gen-intrinsic-impl`: what LLVM's Function.cpp includes about intrinsics — the IIT
//! codes, target ranges, names, overload bits, type signatures, attribute sets and the
//! Clang/MS builtin maps (LLVM's IntrinsicEmitter.cpp, implementation half).

use crate::common::emit::{source_file_header, SequenceToOffsetTable, StringToOffsetTable};
use crate::common::intrinsics::{ArgAttrKind, Intrinsic, IntrinsicTable, MemoryEffects};
use crate::common::records::{all_derived_definitions_if_defined, Fields};
use crate::gen_intrinsic_enums::BANNER;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenIntrinsicImpl;

impl Backend for GenIntrinsicImpl {
    fn name(&self) -> &'static str {
        "gen-intrinsic-impl"
    }
    fn help(&self) -> &'static str {
        "Generate intrinsic information"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<()> {
        let mut s = String::new();
        source_file_header(&mut s, BANNER, None);
        let table = IntrinsicTable::read(input)?;
        let ints = &table.intrinsics;
        iit_info(input, &mut s)?;
        target_info(&table, &mut s);
        name_table(ints, &mut s);
        overload_table(ints, &mut s);
        generator(input, ints, &mut s)?;
        attributes(ints, &mut s);
        builtin_map(input, ints, Compiler::Clang, &mut s)?;
        builtin_map(input, ints, Compiler::Ms, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
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
    let mut long = SequenceToOffsetTable::default();
    for (sig, fixed) in sigs.iter().zip(&fixed) {
        if fixed.is_none() {
            long.add(sig);
        }
    }
    long.layout();
    s.push_str("// Global intrinsic function declaration type table.\n#ifdef GET_INTRINSIC_GENERATOR_GLOBAL\n");
    s.push_str("static const unsigned IIT_Table[] = {\n  ");
    for (i, (sig, fixed)) in sigs.iter().zip(&fixed).enumerate() {
        if i & 7 == 7 {
            s.push_str("\n  ");
        }
        match fixed {
            Some(code) => {
                let _ = write!(s, "0x{code:x}, ");
            }
            None => {
                let _ = write!(s, "(1U<<31) | {}, ", long.get(sig));
            }
        }
    }
    s.push_str("0\n};\n\n");
    s.push_str("static const unsigned char IIT_LongEncodingTable[] = {\n");
    long.emit(s, |out, code| out.push_str(&code.to_string()), "0");
    s.push_str("  255\n};\n\n#endif\n\n");
    Ok(())
}

/// What makes two intrinsics' function attributes the same, ordered as LLVM's
/// `compareFnAttributes` orders them (flags false first, memory effects descending).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct FnAttrs {
    flags: [bool; 13],
    memory: std::cmp::Reverse<u32>,
}

fn fn_attrs(int: &Intrinsic) -> FnAttrs {
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
        ],
        memory: std::cmp::Reverse(int.memory.0),
    }
}

/// `EmitAttributes`: `Intrinsic::getAttributes` and the attribute sets it uses.
fn attributes(ints: &[Intrinsic], s: &mut String) {
    s.push_str("// Add parameter attributes that are not common to all intrinsics.\n#ifdef GET_INTRINSIC_ATTRIBUTES\n");
    let mut arg_sets: BTreeMap<&[(ArgAttrKind, u64)], usize> = BTreeMap::new();
    s.push_str("static AttributeSet getIntrinsicArgAttributeSet(LLVMContext &C, unsigned ID) {\n");
    s.push_str("  switch (ID) {\n  default: llvm_unreachable(\"Invalid attribute set number\");\n");
    for int in ints {
        for attrs in int.arg_attributes.iter().filter(|a| !a.is_empty()) {
            let id = arg_sets.len();
            if arg_sets.contains_key(attrs.as_slice()) {
                continue;
            }
            arg_sets.insert(attrs, id);
            let _ = write!(s, "  case {id}:\n    return AttributeSet::get(C, {{\n");
            for (kind, value) in attrs {
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
    }
    s.push_str("  }\n}\n\n");

    let mut fn_sets: BTreeMap<FnAttrs, usize> = BTreeMap::new();
    s.push_str("static AttributeSet getIntrinsicFnAttributeSet(LLVMContext &C, unsigned ID) {\n");
    s.push_str("  switch (ID) {\n  default: llvm_unreachable(\"Invalid attribute set number\");\n");
    for int in ints {
        let id = fn_sets.len();
        let key = fn_attrs(int);
        if fn_sets.contains_key(&key) {
            continue;
        }
        fn_sets.insert(key, id);
        let _ = write!(s, "  case {id}:\n    return AttributeSet::get(C, {{\n");
        for (present, attribute) in [
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
        ] {
            if present {
                let _ = writeln!(s, "      Attribute::get(C, Attribute::{attribute}),");
            }
        }
        let mut memory = int.memory;
        if memory.does_not_access_memory() && int.has_side_effects {
            memory = MemoryEffects::unknown();
        }
        if memory != MemoryEffects::unknown() {
            let _ = writeln!(
                s,
                "      Attribute::getWithMemoryEffects(C, MemoryEffects::createFromIntValue({})),",
                memory.0
            );
        }
        s.push_str("    });\n");
    }
    s.push_str("  }\n}\n\n");
    s.push_str("AttributeList Intrinsic::getAttributes(LLVMContext &C, ID id) {\n");

    // Each distinct (function attributes, argument attributes), numbered from 1 by first use
    // and listed in their order.
    type AttrKey<'a> = (FnAttrs, &'a [Vec<(ArgAttrKind, u64)>]);
    let mut uniq: BTreeMap<AttrKey, (usize, &Intrinsic)> = BTreeMap::new();
    let mut numbers = Vec::with_capacity(ints.len());
    let mut max_arg_attrs = 0;
    for int in ints {
        max_arg_attrs = max_arg_attrs.max(int.arg_attributes.len());
        let next = uniq.len() + 1;
        let (n, _) = *uniq.entry((fn_attrs(int), int.arg_attributes.as_slice())).or_insert((next, int));
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
        let has_fn_attrs = !int.can_throw
            || (int.memory != MemoryEffects::unknown() && !int.has_side_effects)
            || int.is_no_return
            || int.is_no_callback
            || int.is_no_sync
            || int.is_no_free
            || int.is_will_return
            || int.is_cold
            || int.is_no_duplicate
            || int.is_no_merge
            || int.is_convergent
            || int.is_speculatable
            || int.is_strict_fp;
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
