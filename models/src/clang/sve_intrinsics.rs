//! clang's SVE and SME intrinsics as SveEmitter.cpp makes them (`arm_sve.td`, `arm_sme.td`):
//! each `Inst` def made into one intrinsic per type spec of its `Types` (sorted, without
//! repeats), and one more, the overloaded short form, where its name has `[...]`; each with its
//! types ([`SveType`]: return value first), its mangled names (`svadd_u32_m`, `svadd_m`), its
//! flags (the def's, the element, memory element and merge types, the splat operand, FP8's
//! `SetsFPMR`) and its immediate checks. The named values the flags are made of
//! (`EltType`, `FlagType`, ...) are [`SveNames`]. What a release reads differently is
//! [`Rules`].

use super::neon_types::type_specs;
use super::sve_types::{proto_modifier, Model, SveType, TypeError, MODEL};
use crate::records::{derived_definitions, Fatal, Fields};
use rustc_hash::FxHashMap;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};

/// What a release reads differently.
pub struct Rules {
    pub model: Model,
    /// The fields of an `ImmCheck`: the immediate's operand and the one whose type sizes it
    /// (`Arg`, `EltSizeArg` in LLVM 19; `ImmArgIdx`, `TypeContextArgIdx` from 20).
    pub imm_check_fields: (&'static str, &'static str),
    /// Guards are ANDed with their base feature (`sve,(a|b)`, LLVM 20); before, kept as written.
    pub formatted_guards: bool,
    /// The splat operand's index counts a `2` as two operands and a `2.x` as one (LLVM 20);
    /// before, every character before it but the two after a `.` is one operand.
    pub splat_counts_tuples: bool,
    /// The modifiers marking a splat operand.
    pub splat_modifiers: &'static str,
    /// A `{N}` in a name takes operand N's modifier from `getProtoModifier` (LLVM 20); before,
    /// the prototype's Nth character.
    pub template_by_operand: bool,
}

const RULES_22: Rules = Rules {
    model: Model::Kinds { signed_half: false },
    imm_check_fields: ("ImmArgIdx", "TypeContextArgIdx"),
    formatted_guards: true,
    splat_counts_tuples: true,
    splat_modifiers: "ajfrKLR@!",
    template_by_operand: true,
};

pub const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules {
        model: Model::Flags,
        imm_check_fields: ("Arg", "EltSizeArg"),
        formatted_guards: false,
        splat_counts_tuples: false,
        splat_modifiers: "ajfrKLR@",
        template_by_operand: false,
    },
    v22: RULES_22,
    v23: Rules { model: *MODEL.get(Release::V23), ..RULES_22 },
};

/// The values of one class's defs by name, and the names in the order the defs come.
#[derive(Default)]
pub struct NamedValues {
    pub values: FxHashMap<String, u64>,
    pub names: Vec<String>,
}

impl NamedValues {
    fn read(f: Fields, class: &str) -> Result<NamedValues, Fatal> {
        let mut table = NamedValues::default();
        for &rec in derived_definitions(f.input, class)?.iter() {
            let name = f.input.records.get(rec).name_string();
            table.values.insert(name.clone(), f.int(rec, "Value")? as u64);
            table.names.push(name);
        }
        Ok(table)
    }

    pub fn get(&self, name: &str) -> Option<u64> {
        self.values.get(name).copied()
    }
}

/// The named values SveEmitter reads first (its constructor), in its order.
pub struct SveNames {
    pub elt_types: NamedValues,
    pub mem_elt_types: NamedValues,
    pub flag_types: NamedValues,
    pub merge_types: NamedValues,
    pub imm_check_types: NamedValues,
}

impl SveNames {
    pub fn new(input: &Evaluation) -> Result<SveNames, Fatal> {
        let f = Fields { input };
        Ok(SveNames {
            elt_types: NamedValues::read(f, "EltType")?,
            mem_elt_types: NamedValues::read(f, "MemEltType")?,
            flag_types: NamedValues::read(f, "FlagType")?,
            merge_types: NamedValues::read(f, "MergeType")?,
            imm_check_types: NamedValues::read(f, "ImmCheckType")?,
        })
    }

    /// `getEnumValueForFlag`: a `FlagType`'s value; clang-tblgen stops where there is none.
    pub fn flag(&self, name: &str) -> Result<u64, Fatal> {
        self.flag_types.get(name).ok_or_else(|| Fatal::new(&[], format!("Unsupported flag: no FlagType '{name}'")))
    }

    /// `encodeFlag`: `value` shifted into the mask named `mask`.
    fn encode(&self, value: u64, mask: &str) -> Result<u64, Fatal> {
        let mask = self.flag(mask)?;
        Ok(value.checked_shl(mask.trailing_zeros()).unwrap_or(0) & mask)
    }

    /// `getImmCheckForEnumValue`: the name of the immediate check of value `id` (empty for a
    /// value no check has below the largest).
    pub fn imm_check_name(&self, id: u32) -> Result<&str, Fatal> {
        let mut by_value: Vec<&str> = Vec::new();
        for name in &self.imm_check_types.names {
            let value = self.imm_check_types.values[name] as usize;
            if value >= by_value.len() {
                by_value.resize(value + 1, "");
            }
            by_value[value] = name;
        }
        by_value
            .get(id as usize)
            .copied()
            .ok_or_else(|| Fatal::new(&[], format!("Unsupported imm check: no ImmCheckType of value {id}")))
    }
}

/// `ClassKind`: the full name (`ClassS`, `svadd_u32_m`) or the overloaded one (`ClassG`,
/// `svadd_m`), which is only declared in the header.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum ClassKind {
    S = 1,
    G = 2,
}

/// An immediate operand's check: operand, check kind, element size.
#[derive(Clone, Copy, Debug)]
pub struct ImmCheck {
    pub arg: i32,
    pub kind: u32,
    pub element_bits: u32,
}

/// One intrinsic (`Intrinsic`): an `Inst` def of one type spec, of one class kind.
pub struct SveIntrinsic {
    pub record: RecId,
    pub name: &'static str,
    pub llvm_name: &'static str,
    pub proto: &'static str,
    pub type_spec: String,
    pub class: ClassKind,
    pub sve_guard: String,
    pub sme_guard: String,
    pub merge_suffix: &'static str,
    /// The return type, then the parameters'.
    pub types: Vec<SveType>,
    pub flags: u64,
    pub imm_checks: Vec<ImmCheck>,
    pub sets_fpmr: bool,
    /// The name of each class kind, mangled; the LLVM name, mangled.
    pub mangled_s: String,
    pub mangled_g: String,
    pub mangled_llvm: String,
}

impl SveIntrinsic {
    /// `getMangledName(CK)`.
    pub fn mangled_name(&self, class: ClassKind) -> &str {
        match class {
            ClassKind::S => &self.mangled_s,
            ClassKind::G => &self.mangled_g,
        }
    }

    /// `getGuard`: the features a builtin needs, `sve|sme` both, a side in parentheses when it
    /// has `,` or `|`.
    pub fn guard(&self) -> String {
        let (sve, sme) = (&self.sve_guard, &self.sme_guard);
        let side = |g: &str| if g.contains([',', '|']) { format!("({g})") } else { g.to_string() };
        match (sve.is_empty(), sme.is_empty()) {
            (false, true) => sve.clone(),
            (true, false) => sme.clone(),
            _ => format!("{}|{}", side(sve), side(sme)),
        }
    }

    /// `getBuiltinTypeStr`: the types' builtin strings, return type first.
    pub fn builtin_type_str(&self) -> Result<String, Fatal> {
        let mut s = String::new();
        for t in &self.types {
            s.push_str(&t.builtin_str().map_err(|e| Fatal::new(&[], format!("{}: {e}", self.name)))?);
        }
        Ok(s)
    }

    pub fn is_flag_set(&self, flag: u64) -> bool {
        self.flags & flag != 0
    }
}

/// The intrinsics of every `Inst` def, in clang-tblgen's order of making them (the defs by
/// name, each one's type specs sorted, the short form after the full one).
pub fn sve_intrinsics(input: &Evaluation, names: &SveNames) -> Result<Vec<SveIntrinsic>, Fatal> {
    let f = Fields { input };
    let rules = RULES.get(input.records.release);
    let mut out = Vec::new();
    for &rec in derived_definitions(input, "Inst")?.iter() {
        make_intrinsics(f, rules, names, rec, &mut out)?;
    }
    Ok(out)
}

/// `FormatGuard`: `guard` ANDed with `base`, its top-level ORs grouped.
fn format_guard(rules: &Rules, locs: &[tdq_core::Loc], guard: &str, base: &str) -> Result<String, Fatal> {
    if !rules.formatted_guards || guard.is_empty() || guard == base {
        return Ok(guard.to_string());
    }
    let mut depth = 0u32;
    for c in guard.chars() {
        match c {
            '|' if depth == 0 => return Ok(format!("{base},({guard})")),
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| Fatal::new(locs, format!("Mismatched parentheses in guard '{guard}'")))?
            }
            _ => {}
        }
    }
    Ok(format!("{base},{guard}"))
}

/// `createIntrinsic`.
fn make_intrinsics(
    f: Fields,
    rules: &Rules,
    names: &SveNames,
    rec: RecId,
    out: &mut Vec<SveIntrinsic>,
) -> Result<(), Fatal> {
    let name = f.string(rec, "Name")?;
    let proto = f.string(rec, "Prototype")?;
    let types = f.string(rec, "Types")?;
    let sve_guard = f.string(rec, "SVETargetGuard")?;
    let sme_guard = f.string(rec, "SMETargetGuard")?;
    let llvm_name = f.string(rec, "LLVMIntrinsic")?;
    let merge = f.int(rec, "Merge")? as u64;
    let merge_suffix = f.string(rec, "MergeSuffix")?;
    let mem_elt_type = f.int(rec, "MemEltType")? as u64;
    let mut def_flags = 0u64;
    for flag in f.defs(rec, "Flags")? {
        def_flags |= f.int(flag, "Value")? as u64;
    }
    let imm_check_defs = f.defs(rec, "ImmChecks")?;
    let locs = &f.input.records.get(rec).locs;
    let fail = |e: TypeError| Fatal::new(locs, format!("{name}: {e}"));
    // A def of no types (not overloaded) is made once, of a dummy type.
    let types = if types.is_empty() { "i" } else { types };
    let mut specs = type_specs(types);
    specs.sort();
    specs.dedup();
    let sve_guard = format_guard(rules, locs, sve_guard, "sve")?;
    let sme_guard = format_guard(rules, locs, sme_guard, "sme")?;
    let (arg_field, context_field) = rules.imm_check_fields;
    for spec in specs {
        let mut imm_checks = Vec::new();
        for &check in &imm_check_defs {
            let arg = f.int(check, arg_field)?;
            let context = f.int(check, context_field)?;
            let kind = f.int(f.def(check, "Kind")?, "Value")?;
            let operand = (context + 1) as usize;
            let (m, vectors) = proto_modifier(proto, operand).ok_or_else(|| {
                Fatal::new(locs, format!("{name}: an immediate check names operand {context}, which '{proto}' lacks"))
            })?;
            let element_bits = if context >= 0 {
                SveType::new(rules.model, &spec, m, vectors).map_err(fail)?.element_bits()
            } else {
                0
            };
            imm_checks.push(ImmCheck { arg: arg as i32, kind: kind as u32, element_bits });
        }
        let overloaded = name.contains('[') && name.contains(']');
        let classes: &[ClassKind] = if overloaded { &[ClassKind::S, ClassKind::G] } else { &[ClassKind::S] };
        for &class in classes {
            let mut i = SveIntrinsic {
                record: rec,
                name,
                llvm_name,
                proto,
                type_spec: spec.clone(),
                class,
                sve_guard: sve_guard.clone(),
                sme_guard: sme_guard.clone(),
                merge_suffix,
                types: Vec::new(),
                flags: def_flags,
                imm_checks: imm_checks.clone(),
                sets_fpmr: false,
                mangled_s: String::new(),
                mangled_g: String::new(),
                mangled_llvm: String::new(),
            };
            complete(f, rules, names, &mut i, merge, mem_elt_type)?;
            out.push(i);
        }
    }
    Ok(())
}

/// The number of parameters (`getNumParams`): the prototype's characters but the return
/// type's and two for each `.`.
fn num_params(proto: &str) -> usize {
    (proto.len() - 2 * proto.matches('.').count()).saturating_sub(1)
}

/// The rest of `Intrinsic`'s constructor: types, implied immediate checks, flags, names.
fn complete(
    f: Fields,
    rules: &Rules,
    names: &SveNames,
    i: &mut SveIntrinsic,
    merge: u64,
    mem_elt_type: u64,
) -> Result<(), Fatal> {
    let locs = &f.input.records.get(i.record).locs;
    let name = i.name;
    let fail = |e: TypeError| Fatal::new(locs, format!("{name}: {e}"));
    let imm_check = |check: &str| {
        names
            .imm_check_types
            .get(check)
            .ok_or_else(|| Fatal::new(&[], format!("Unsupported imm check: no ImmCheckType '{check}'")))
    };
    for op in 0..=num_params(i.proto) {
        let (m, vectors) = proto_modifier(i.proto, op)
            .ok_or_else(|| Fatal::new(locs, format!("{name}: prototype '{}' has no operand {op}", i.proto)))?;
        let t = SveType::new(rules.model, &i.type_spec, m, vectors).map_err(fail)?;
        i.sets_fpmr = t.is_fpm();
        if op > 0 {
            let arg = (op - 1) as i32;
            if t.is_predicate_pattern() {
                i.imm_checks.push(ImmCheck { arg, kind: imm_check("ImmCheck0_31")? as u32, element_bits: 0 });
            } else if t.is_prefetch_op() {
                i.imm_checks.push(ImmCheck { arg, kind: imm_check("ImmCheck0_13")? as u32, element_bits: 0 });
            }
        }
        i.types.push(t);
    }
    let base = SveType::new(rules.model, &i.type_spec, 'd', 1).map_err(fail)?;
    let elt = base.elt_type_name().map_err(fail)?;
    let elt =
        names.elt_types.get(elt).ok_or_else(|| Fatal::new(&[], format!("Unsupported EltType: no EltType '{elt}'")))?;
    i.flags |= names.encode(elt, "EltTypeMask")?;
    i.flags |= names.encode(mem_elt_type, "MemEltTypeMask")?;
    i.flags |= names.encode(merge, "MergeTypeMask")?;
    if let Some(splat) = splat_index(rules, i.proto) {
        i.flags |= names.encode(splat as u64 + 1, "SplatOperandMask")?;
    }
    if i.sets_fpmr {
        i.flags |= names.flag("SetsFPMR")?;
    }
    i.mangled_s = mangle_name(rules, i, ClassKind::S).map_err(|m| Fatal::new(locs, m))?;
    i.mangled_g = mangle_name(rules, i, ClassKind::G).map_err(|m| Fatal::new(locs, m))?;
    i.mangled_llvm = replace_templated_args(rules, i.llvm_name, i).map_err(|m| Fatal::new(locs, m))?;
    Ok(())
}

/// `getSplatIdx`: the parameter that is a splatted scalar, if one is.
fn splat_index(rules: &Rules, proto: &str) -> Option<usize> {
    if !proto.contains(|c| rules.splat_modifiers.contains(c)) {
        return None;
    }
    let bytes = proto.as_bytes();
    let (mut i, mut param) = (1usize, 0isize);
    while i < bytes.len() {
        let c = bytes[i] as char;
        if rules.splat_modifiers.contains(c) {
            break;
        }
        if rules.splat_counts_tuples && c == '2' {
            param += 1;
        }
        if c == '.' {
            if rules.splat_counts_tuples {
                param -= 1;
            }
            i += 2;
        }
        i += 1;
        param += 1;
    }
    Some(param as usize)
}

/// `mangleName(CK)`: the name without its brackets (`ClassS`) or what they hold (`ClassG`),
/// its `{N}` replaced, then the merge suffix and `_fpm`.
fn mangle_name(rules: &Rules, i: &SveIntrinsic, class: ClassKind) -> Result<String, String> {
    let mut s = i.name.to_string();
    match class {
        ClassKind::G => {
            while let Some(start) = s.find('[') {
                let end = s.find(']').filter(|&e| e > start).unwrap_or(s.len() - 1);
                s.replace_range(start..=end, "");
            }
        }
        // Each '[' goes, and the first ']' after it goes with it.
        ClassKind::S => {
            while let Some(open) = s.find('[') {
                s.remove(open);
                if let Some(close) = s.find(']') {
                    s.remove(close);
                }
            }
        }
    }
    let mut s = replace_templated_args(rules, &s, i)?;
    s.push_str(i.merge_suffix);
    if i.sets_fpmr {
        s.push_str("_fpm");
    }
    Ok(s)
}

/// `replaceTemplatedArgs`: each `{d}` (the base type) and `{N}` (operand N's type) of `name`
/// replaced by the type's suffix (`s8`, `u32`, `f16`, `bf16`, `mf8`, `b8`, `c8`).
fn replace_templated_args(rules: &Rules, name: &str, i: &SveIntrinsic) -> Result<String, String> {
    let mut s = name.to_string();
    while let Some(pos) = s.find('{') {
        let end = match s.find('}') {
            Some(end) if end > pos => end,
            _ => return Err(format!("'{name}' has a '{{' without its '}}'")),
        };
        let c = s.as_bytes().get(pos + 1).map_or('\0', |&b| b as char);
        let modifier = match c {
            'd' => 'd',
            '0'..='3' => {
                let op = c as usize - '0' as usize;
                let m = if rules.template_by_operand {
                    proto_modifier(i.proto, op).map(|(m, _)| m)
                } else {
                    i.proto.as_bytes().get(op).map(|&b| b as char)
                };
                m.ok_or_else(|| format!("'{name}' names operand {op}, which prototype '{}' lacks", i.proto))?
            }
            _ => return Err(format!("unknown type template '{{{}}}' in '{name}'", c.escape_default())),
        };
        let t = SveType::new(rules.model, &i.type_spec, modifier, 1).map_err(|e| format!("{}: {e}", i.name))?;
        let code = match t.integer_signedness() {
            Some(true) => "s",
            Some(false) => "u",
            None if t.is_svcount() => "c",
            None if t.is_predicate() => "b",
            None if t.is_bfloat() => "bf",
            None if t.is_mfloat() => "mf",
            None => "f",
        };
        s.replace_range(pos..=end, &format!("{code}{}", t.element_bits()));
    }
    Ok(s)
}
