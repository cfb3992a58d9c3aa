//! The intrinsics model (LLVM's `CodeGenIntrinsic` and `CodeGenIntrinsicTable`): each
//! `Intrinsic` def's names, target prefix, builtin names, types, attributes and memory effects,
//! read with each release's checks and messages, and the table every intrinsic backend numbers
//! them by. `--gen-searchable-tables` reads single intrinsics through [`IntrinsicReader`].

use crate::records::{all_derived_definitions, Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation, Release};

type Result<T> = std::result::Result<T, Fatal>;

/// Where an intrinsic's types are read from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TypeSource {
    /// The def's own `Types`, when it has that field, and `isOverloaded` (LLVM 19).
    DefTypes,
    /// The `Types` of its `TypeInfo`, a `TypeInfoGen` def (LLVM 22).
    TypeInfo,
    /// The `AllTypes` of its `TypeInfo`, each dependent type's overload index checked and
    /// `llvm_vararg_ty` allowed only as the last parameter (LLVM 23).
    TypeInfoChecked,
}

/// What one release's `CodeGenIntrinsic` reads and checks.
#[derive(Debug)]
pub struct Rules {
    types: TypeSource,
    /// The memory locations of the release's `MemoryEffects`, in the order of their bits.
    pub memory_locations: &'static [&'static str],
    /// The `IntrRead`/`IntrWrite` location names (`getValueAsIRMemLocation`) and their index in
    /// [`Rules::memory_locations`]; none before LLVM 22, which reads no `IntrRead`, `IntrWrite`,
    /// `Range` or `ArgInfo` property.
    ir_mem_locations: &'static [(&'static str, u32)],
    /// A def named just `int_` is refused, and so is an `LLVMName` of `llvm.` alone (LLVM 19).
    refuse_empty_names: bool,
    /// An explicit `LLVMName` equal to the default one gets a note (LLVM 22).
    note_default_name: bool,
    /// At most 257 return types (LLVM 22).
    max_returns: Option<usize>,
    /// `TargetFeatures` is read, and `ImmArg`'s `Default` values checked (LLVM 23).
    target_features_and_defaults: bool,
    /// Intrinsics sort by (has a target, name, record) and the table is checked for duplicate
    /// names, target-independent names with a target's prefix and overload suffix conflicts
    /// (LLVM 22); LLVM 19 sorts by (target prefix, name) and checks nothing.
    checked_table: bool,
}

const LOCATIONS_19: &[&str] = &["ArgMem", "InaccessibleMem", "Other"];
const LOCATIONS_22: &[&str] = &["ArgMem", "InaccessibleMem", "ErrnoMem", "Other", "TargetMem0", "TargetMem1"];

const RULES_19: Rules = Rules {
    types: TypeSource::DefTypes,
    memory_locations: LOCATIONS_19,
    ir_mem_locations: &[],
    refuse_empty_names: true,
    note_default_name: false,
    max_returns: None,
    target_features_and_defaults: false,
    checked_table: false,
};

const RULES_22: Rules = Rules {
    types: TypeSource::TypeInfo,
    memory_locations: LOCATIONS_22,
    ir_mem_locations: &[("TargetMem0", 4), ("TargetMem1", 5), ("InaccessibleMem", 1)],
    refuse_empty_names: false,
    note_default_name: true,
    max_returns: Some(257),
    target_features_and_defaults: false,
    checked_table: true,
};

/// Each release's rules.
pub static RULES: ByRelease<Rules> = ByRelease {
    v19: RULES_19,
    v22: RULES_22,
    v23: Rules {
        types: TypeSource::TypeInfoChecked,
        ir_mem_locations: &[("TargetMem0", 4), ("TargetMem1", 5), ("InaccessibleMem", 1), ("ArgMem", 0)],
        target_features_and_defaults: true,
        ..RULES_22
    },
};

/// An attribute of one argument (or of the return value, index 0); ordered as LLVM's
/// `ArgAttrKind`, then by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ArgAttrKind {
    NoCapture,
    NoAlias,
    NoUndef,
    NonNull,
    Returned,
    ReadOnly,
    WriteOnly,
    ReadNone,
    ImmArg,
    Alignment,
    Dereferenceable,
    Range,
}

impl ArgAttrKind {
    /// The name of LLVM's `Attribute::AttrKind`.
    pub fn attribute(self) -> &'static str {
        match self {
            ArgAttrKind::NoCapture => "NoCapture",
            ArgAttrKind::NoAlias => "NoAlias",
            ArgAttrKind::NoUndef => "NoUndef",
            ArgAttrKind::NonNull => "NonNull",
            ArgAttrKind::Returned => "Returned",
            ArgAttrKind::ReadOnly => "ReadOnly",
            ArgAttrKind::WriteOnly => "WriteOnly",
            ArgAttrKind::ReadNone => "ReadNone",
            ArgAttrKind::ImmArg => "ImmArg",
            ArgAttrKind::Alignment => "Alignment",
            ArgAttrKind::Dereferenceable => "Dereferenceable",
            ArgAttrKind::Range => "Range",
        }
    }
}

/// One argument attribute: its kind and up to two values (`Range`'s bounds are signed values
/// kept as their bit patterns, as LLVM does).
pub type ArgAttr = (ArgAttrKind, u64, u64);

/// LLVM's `MemoryEffects`: a `ModRefInfo` (bit 0 ref, bit 1 mod) for each of the release's
/// memory locations, two bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryEffects {
    pub bits: u32,
    locations: u32,
}

impl MemoryEffects {
    fn all(locations: u32, mod_ref: u32) -> MemoryEffects {
        MemoryEffects { bits: (0..locations).fold(0, |data, loc| data | mod_ref << (2 * loc)), locations }
    }
    pub fn unknown(locations: u32) -> MemoryEffects {
        Self::all(locations, 3)
    }
    fn with(self, loc: u32, mod_ref: u32) -> MemoryEffects {
        MemoryEffects { bits: self.bits & !(3 << (2 * loc)) | mod_ref << (2 * loc), ..self }
    }
    fn only(locations: u32, locs: &[u32]) -> MemoryEffects {
        locs.iter().fold(Self::all(locations, 0), |me, &loc| me.with(loc, 3))
    }
    fn intersect(&mut self, other: MemoryEffects) {
        self.bits &= other.bits;
    }
    /// Location `loc`'s `ModRefInfo`.
    pub fn mod_ref_at(self, loc: u32) -> u32 {
        (self.bits >> (2 * loc)) & 3
    }
    /// Every location's access, or-ed.
    fn mod_ref(self) -> u32 {
        (0..self.locations).fold(0, |mr, loc| mr | self.mod_ref_at(loc))
    }
    pub fn does_not_access_memory(self) -> bool {
        self.bits == 0
    }
    fn only_reads(self) -> bool {
        self.mod_ref() & 2 == 0
    }
    fn only_writes(self) -> bool {
        self.mod_ref() & 1 == 0
    }
    /// How many locations the release's `MemoryEffects` has.
    pub fn locations(self) -> u32 {
        self.locations
    }
    pub fn is_unknown(self) -> bool {
        self == Self::unknown(self.locations)
    }
    /// LLVM's `operator<<(MemoryEffects)`: `ArgMem: ModRef, InaccessibleMem: NoModRef, ...`.
    pub fn describe(self, names: &[&str]) -> String {
        const MOD_REF: [&str; 4] = ["NoModRef", "Ref", "Mod", "ModRef"];
        let parts: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(loc, name)| format!("{name}: {}", MOD_REF[self.mod_ref_at(loc as u32) as usize]))
            .collect();
        parts.join(", ")
    }
}

/// One `ArgInfo` of an intrinsic: the argument (from 0) and how to print it.
#[derive(Clone, Debug)]
pub struct PrettyPrintArg {
    pub arg: u32,
    pub name: &'static str,
    pub function: &'static str,
}

/// One `Intrinsic` def as the backends see it.
#[derive(Clone, Debug)]
pub struct Intrinsic {
    pub def: RecId,
    /// The def's name without `int_`.
    pub enum_name: &'static str,
    /// `llvm.` and the name, as called in IR.
    pub name: String,
    pub target_prefix: &'static str,
    pub clang_builtin_name: &'static str,
    pub ms_builtin_name: &'static str,
    /// The target feature expression it requires (LLVM 23), or "".
    pub target_features: &'static str,
    pub ret_tys: Vec<RecId>,
    pub param_tys: Vec<RecId>,
    pub is_overloaded: bool,
    pub is_commutative: bool,
    pub can_throw: bool,
    pub is_no_duplicate: bool,
    pub is_no_merge: bool,
    pub is_no_return: bool,
    pub is_no_callback: bool,
    pub is_no_sync: bool,
    pub is_no_free: bool,
    pub is_will_return: bool,
    pub is_cold: bool,
    pub is_convergent: bool,
    pub is_speculatable: bool,
    pub has_side_effects: bool,
    pub is_strict_fp: bool,
    pub is_no_create_undef_or_poison: bool,
    pub is_trivially_scalarizable: bool,
    pub memory: MemoryEffects,
    /// The attributes of each argument position (0: the return value), each sorted.
    pub arg_attributes: Vec<Vec<ArgAttr>>,
    pub pretty_print: Vec<PrettyPrintArg>,
    /// Each parameter's default value, if it has one (LLVM 23).
    pub param_default_values: Vec<Option<u64>>,
}

/// Argument numbers past this are refused rather than making a table that large (LLVM would
/// try to allocate it).
const MAX_ARG_NO: u32 = 1 << 16;

/// LLVM's `CodeGenIntrinsicContext` with the release's rules: what reading one intrinsic needs.
pub struct IntrinsicReader<'a> {
    fields: Fields<'a>,
    pub rules: &'static Rules,
    default_properties: Vec<RecId>,
}

impl<'a> IntrinsicReader<'a> {
    /// The context of the intrinsic backends (and LLVM 22's `CodeGenTarget`): the properties
    /// every intrinsic has unless it disables them.
    pub fn new(input: &'a Evaluation, release: Release) -> Result<IntrinsicReader<'a>> {
        let mut reader = Self::without_defaults(input, release);
        for property in all_derived_definitions(input, "IntrinsicProperty")? {
            if reader.fields.bit(property, "IsDefault")? {
                reader.default_properties.push(property);
            }
        }
        Ok(reader)
    }

    /// No default properties (LLVM 19's searchable tables read intrinsics so).
    pub fn without_defaults(input: &'a Evaluation, release: Release) -> IntrinsicReader<'a> {
        IntrinsicReader { fields: Fields { input }, rules: RULES.get(release), default_properties: Vec::new() }
    }

    fn locs(&self, rec: RecId) -> &'a [tdq_core::Loc] {
        &self.fields.input.records.get(rec).locs
    }

    /// `CodeGenIntrinsic(R, Ctx)`: reads `def` with the release's checks; notes go to `diags`.
    pub fn read(&self, def: RecId, diags: &mut Diagnostics) -> Result<Intrinsic> {
        let fields = &self.fields;
        let rules = self.rules;
        let def_name = fields.name(def);
        let locs = self.locs(def);
        let fatal = |message: String| Fatal::new(locs, message);
        let enum_name = match def_name.strip_prefix("int_") {
            Some(rest) if !(rules.refuse_empty_names && rest.is_empty()) => rest,
            _ => return Err(fatal(format!("Intrinsic '{def_name}' does not start with 'int_'!"))),
        };
        let (clang_builtin_name, ms_builtin_name) = if rules.types == TypeSource::DefTypes {
            let builtin = |field: &str| -> Result<&'static str> {
                if fields.value(def, field).is_some() {
                    fields.string(def, field)
                } else {
                    Ok("")
                }
            };
            (builtin("ClangBuiltinName")?, builtin("MSBuiltinName")?)
        } else {
            (
                fields.optional_string(def, "ClangBuiltinName")?.unwrap_or(""),
                fields.optional_string(def, "MSBuiltinName")?.unwrap_or(""),
            )
        };
        let target_features =
            if rules.target_features_and_defaults { fields.string(def, "TargetFeatures")? } else { "" };
        let target_prefix = fields.string(def, "TargetPrefix")?;
        let default_name = format!("llvm.{}", enum_name.replace('_', "."));
        let mut name = fields.string(def, "LLVMName")?.to_owned();
        if name.is_empty() {
            name = default_name;
        } else if !name.starts_with("llvm.") || (rules.refuse_empty_names && name.len() == 5) {
            return Err(fatal(format!("Intrinsic '{def_name}'s name does not start with 'llvm.'!")));
        } else if rules.note_default_name && name == default_name {
            diags.note_at(locs, "Explicitly specified name matches default name, consider dropping it");
        }
        if !target_prefix.is_empty() && !name[5..].strip_prefix(target_prefix).is_some_and(|rest| rest.starts_with('.'))
        {
            return Err(fatal(format!("Intrinsic '{def_name}' does not start with 'llvm.{target_prefix}.'!")));
        }
        let mut intrinsic = Intrinsic {
            def,
            enum_name,
            name,
            target_prefix,
            clang_builtin_name,
            ms_builtin_name,
            target_features,
            ret_tys: Vec::new(),
            param_tys: Vec::new(),
            is_overloaded: false,
            is_commutative: false,
            can_throw: false,
            is_no_duplicate: false,
            is_no_merge: false,
            is_no_return: false,
            is_no_callback: false,
            is_no_sync: false,
            is_no_free: false,
            is_will_return: false,
            is_cold: false,
            is_convergent: false,
            is_speculatable: false,
            has_side_effects: false,
            is_strict_fp: false,
            is_no_create_undef_or_poison: false,
            is_trivially_scalarizable: false,
            memory: MemoryEffects::unknown(rules.memory_locations.len() as u32),
            arg_attributes: Vec::new(),
            pretty_print: Vec::new(),
            param_default_values: Vec::new(),
        };
        self.read_types(&mut intrinsic)?;
        let properties = fields.init(def, "IntrProperties")?;
        for i in 0..fields.list(def, "IntrProperties")?.len() {
            let property = fields.element_as_record(properties, i)?;
            self.set_property(&mut intrinsic, property)?;
        }
        if !fields.bit(def, "DisableDefaultAttributes")? {
            for &property in &self.default_properties {
                self.set_property(&mut intrinsic, property)?;
            }
        }
        crate::patterns::properties::Properties::read(fields.input, def)?;
        for attrs in &mut intrinsic.arg_attributes {
            attrs.sort_unstable();
        }
        if rules.target_features_and_defaults {
            self.check_default_values(&intrinsic)?;
        }
        Ok(intrinsic)
    }

    /// The return and parameter types, by the release's [`TypeSource`].
    fn read_types(&self, intrinsic: &mut Intrinsic) -> Result<()> {
        let fields = &self.fields;
        let rk = &fields.input.records;
        let def = intrinsic.def;
        let def_name = fields.name(def);
        let locs = self.locs(def);
        if self.rules.types == TypeSource::DefTypes {
            if fields.value(def, "Types").is_some() {
                intrinsic.is_overloaded = fields.bit(def, "isOverloaded")?;
                let num_ret = fields.list(def, "RetTypes")?.len();
                let types = fields.init(def, "Types")?;
                for i in 0..fields.list(def, "Types")?.len() {
                    let ty = fields.element_as_record(types, i)?;
                    match i < num_ret {
                        true => intrinsic.ret_tys.push(ty),
                        false => intrinsic.param_tys.push(ty),
                    }
                }
            }
            return Ok(());
        }
        let num_ret = fields.list(def, "RetTypes")?.len();
        let checked = self.rules.types == TypeSource::TypeInfoChecked;
        let num_param = if checked { fields.list(def, "ParamTypes")?.len() } else { 0 };
        if let Some(max) = self.rules.max_returns.filter(|&max| num_ret > max) {
            let message =
                format!("intrinsics can only return upto {max} values, '{def_name}' returns {num_ret} values");
            return Err(Fatal::new(locs, message));
        }
        let type_info = fields.def(def, "TypeInfo")?;
        if !fields.is_a(type_info, "TypeInfoGen") {
            let message = format!("TypeInfo field in {def_name} should be of subclass of TypeInfoGen!");
            return Err(Fatal::new(locs, message));
        }
        intrinsic.is_overloaded = fields.bit(type_info, "isOverloaded")?;
        let all_types = if checked {
            let mut all_types = fields.defs(type_info, "AllTypes")?;
            if intrinsic.is_overloaded {
                let overload_types = fields.init(type_info, "OverloadTypes")?;
                let count = fields.list(type_info, "OverloadTypes")?.len();
                for ty in all_types.iter_mut() {
                    if !fields.is_a(*ty, "LLVMDependentType") {
                        continue;
                    }
                    let index = fields.int(*ty, "OverloadIndex")? as u32;
                    let ty_locs = self.locs(*ty);
                    if index as usize >= count {
                        let message = format!(
                            "for intrinsic {def_name} overload index {index} is invalid, intrinsic only has {count} overloaded types"
                        );
                        return Err(Fatal::new(ty_locs, message));
                    }
                    let overload_ty = fields.element_as_record(overload_types, index as usize)?;
                    if !fields.is_a(overload_ty, "LLVMAnyType") {
                        let message = format!(
                            "for intrinsic {def_name} overload index {index} is invalid, dependent types must reference an overload index of an 'llvm_any' type"
                        );
                        return Err(Fatal::new(ty_locs, message));
                    }
                    *ty = overload_ty;
                }
            }
            all_types
        } else {
            let types = fields.init(type_info, "Types")?;
            let count = fields.list(type_info, "Types")?.len();
            (0..count).map(|i| fields.element_as_record(types, i)).collect::<Result<Vec<_>>>()?
        };
        let is_vararg = |ty: RecId| checked && rk.name_sym(ty) == "llvm_vararg_ty";
        for (i, &ty) in all_types.iter().enumerate() {
            if i < num_ret {
                if is_vararg(ty) {
                    return Err(Fatal::new(locs, "cannot use llvm_vararg_ty as a return type"));
                }
                intrinsic.ret_tys.push(ty);
            } else {
                if Some(i - num_ret) != num_param.checked_sub(1) && is_vararg(ty) {
                    return Err(Fatal::new(locs, "llvm_vararg_ty can only be the last parameter type"));
                }
                intrinsic.param_tys.push(ty);
            }
        }
        Ok(())
    }

    /// `CodeGenIntrinsic::setProperty`.
    fn set_property(&self, int: &mut Intrinsic, property: RecId) -> Result<()> {
        let fields = &self.fields;
        let locations = self.rules.memory_locations.len() as u32;
        let locs = self.locs(int.def);
        match fields.name(property) {
            "IntrNoMem" => int.memory = MemoryEffects::all(locations, 0),
            "IntrReadMem" => {
                if int.memory.only_writes() {
                    let message = "IntrReadMem cannot be used after IntrNoMem or IntrWriteMem. Default is ReadWrite";
                    return Err(Fatal::new(locs, message));
                }
                int.memory.intersect(MemoryEffects::all(locations, 1));
            }
            "IntrWriteMem" => {
                if int.memory.only_reads() {
                    let message = "IntrWriteMem cannot be used after IntrNoMem or IntrReadMem. Default is ReadWrite";
                    return Err(Fatal::new(locs, message));
                }
                int.memory.intersect(MemoryEffects::all(locations, 2));
            }
            "IntrArgMemOnly" => int.memory.intersect(MemoryEffects::only(locations, &[0])),
            "IntrInaccessibleMemOnly" => int.memory.intersect(MemoryEffects::only(locations, &[1])),
            _ if !self.rules.ir_mem_locations.is_empty()
                && (fields.is_a(property, "IntrRead") || fields.is_a(property, "IntrWrite")) =>
            {
                // IntrRead<[locations]> allows reading them (and nothing else), IntrWrite writing.
                let (others, access) = if fields.is_a(property, "IntrRead") { (2, 3) } else { (1, 3) };
                let mut mask = MemoryEffects::all(locations, others);
                for location in fields.defs(property, "MemLoc")? {
                    mask = mask.with(self.ir_mem_location(location)?, access);
                }
                int.memory.intersect(mask);
            }
            "IntrInaccessibleMemOrArgMemOnly" => int.memory.intersect(MemoryEffects::only(locations, &[0, 1])),
            "Commutative" => int.is_commutative = true,
            "Throws" => int.can_throw = true,
            "IntrNoDuplicate" => int.is_no_duplicate = true,
            "IntrNoMerge" => int.is_no_merge = true,
            "IntrConvergent" => int.is_convergent = true,
            "IntrNoReturn" => int.is_no_return = true,
            "IntrNoCallback" => int.is_no_callback = true,
            "IntrNoSync" => int.is_no_sync = true,
            "IntrNoFree" => int.is_no_free = true,
            "IntrWillReturn" => int.is_will_return = !int.is_no_return,
            "IntrCold" => int.is_cold = true,
            "IntrSpeculatable" => int.is_speculatable = true,
            "IntrHasSideEffects" => int.has_side_effects = true,
            "IntrStrictFP" => int.is_strict_fp = true,
            "IntrNoCreateUndefOrPoison" => int.is_no_create_undef_or_poison = true,
            "IntrTriviallyScalarizable" if self.rules.target_features_and_defaults => {
                int.is_trivially_scalarizable = true
            }
            _ => self.set_arg_property(int, property)?,
        }
        Ok(())
    }

    /// The properties of one argument: attributes, `ArgInfo`, and `ImmArg`'s default value.
    fn set_arg_property(&self, int: &mut Intrinsic, property: RecId) -> Result<()> {
        use ArgAttrKind::*;
        const ARG_CLASSES: &[(&str, ArgAttrKind)] = &[
            ("NoCapture", NoCapture),
            ("NoAlias", NoAlias),
            ("NoUndef", NoUndef),
            ("NonNull", NonNull),
            ("Returned", Returned),
            ("ReadOnly", ReadOnly),
            ("WriteOnly", WriteOnly),
            ("ReadNone", ReadNone),
            ("ImmArg", ImmArg),
            ("Align", Alignment),
            ("Dereferenceable", Dereferenceable),
            ("Range", Range),
        ];
        let fields = &self.fields;
        let def_locs = self.locs(int.def);
        let kind = ARG_CLASSES.iter().find(|(class, _)| fields.is_a(property, class)).map(|&(_, kind)| kind);
        let Some(kind) = kind else {
            if !self.rules.ir_mem_locations.is_empty() && fields.is_a(property, "ArgInfo") {
                return self.set_arg_info(int, property);
            }
            // LLVM stops at an unknown property (llvm_unreachable); tdq ignores it.
            return Ok(());
        };
        let arg_no = fields.int(property, "ArgNo")? as u32;
        if arg_no > MAX_ARG_NO {
            return Err(Fatal::new(def_locs, format!("argument number {arg_no} is out of range")));
        }
        let (value, value2) = match kind {
            Alignment => (fields.int(property, "Align")? as u64, 0),
            Dereferenceable => (fields.int(property, "Bytes")? as u64, 0),
            Range => (fields.int(property, "Lower")? as u64, fields.int(property, "Upper")? as u64),
            _ => (0, 0),
        };
        let arg_no = arg_no as usize;
        if arg_no >= int.arg_attributes.len() {
            int.arg_attributes.resize(arg_no + 1, Vec::new());
        }
        int.arg_attributes[arg_no].push((kind, value, value2));
        if kind == ImmArg && self.rules.target_features_and_defaults {
            // A `DefaultValue` (not the `NoDefault` sentinel, whose `Value` is unset).
            let default = fields.def(property, "Default")?;
            if fields.value(default, "Value").is_some_and(|v| !v.value.is_unset()) {
                let value = fields.int(default, "Value")?;
                let arg = (arg_no as u32).wrapping_sub(1);
                if value < 0 {
                    let message = format!("default argument value {value} on parameter {arg} must be non-negative");
                    return Err(Fatal::new(def_locs, message));
                }
                if arg > MAX_ARG_NO {
                    return Err(Fatal::new(def_locs, format!("argument number {arg_no} is out of range")));
                }
                let arg = arg as usize;
                if arg >= int.param_default_values.len() {
                    int.param_default_values.resize(arg + 1, None);
                }
                if int.param_default_values[arg].is_some() {
                    let message = format!("Default value for argument {arg} is already defined");
                    return Err(Fatal::new(def_locs, message));
                }
                int.param_default_values[arg] = Some(value as u64);
            }
        }
        Ok(())
    }

    /// `ArgInfo<ArgIndex<N>, [ArgName<...>, ImmArgPrinter<...>]>`: how to print an argument.
    fn set_arg_info(&self, int: &mut Intrinsic, property: RecId) -> Result<()> {
        let fields = &self.fields;
        let arg_no = fields.int(property, "ArgNo")? as u32;
        if arg_no < 1 {
            return Err(Fatal::new(self.locs(property), "ArgInfo requires ArgNo >= 1 (0 is return value)"));
        }
        let mut name = "";
        let mut function = "";
        for element in fields.list(property, "Properties")? {
            let Some(prop) = element.as_def() else { continue };
            if fields.is_a(prop, "ArgName") {
                name = fields.string(prop, "Name")?;
            } else if fields.is_a(prop, "ImmArgPrinter") {
                function = fields.string(prop, "FuncName")?;
            } else {
                let message = format!("Unknown ArgProperty type: {}", fields.name(prop));
                return Err(Fatal::new(self.locs(prop), message));
            }
        }
        let arg = arg_no - 1;
        if let Some(existing) = int.pretty_print.iter().find(|p| p.arg == arg) {
            let message = format!("ArgInfo for argument {arg} is already defined as '{}'", existing.function);
            return Err(Fatal::new(self.locs(int.def), message));
        }
        int.pretty_print.push(PrettyPrintArg { arg, name, function });
        Ok(())
    }

    /// `getValueAsIRMemLocation`.
    fn ir_mem_location(&self, location: RecId) -> Result<u32> {
        let name = self.fields.name(location);
        match self.rules.ir_mem_locations.iter().find(|(known, _)| *known == name) {
            Some(&(_, index)) => Ok(index),
            None => Err(Fatal::new(self.locs(location), format!("unknown IRMemLocation: {name}"))),
        }
    }

    /// LLVM 23's checks of default argument values: none on an overloaded intrinsic, a trailing
    /// run of parameters, integers that fit their parameter's width.
    fn check_default_values(&self, int: &Intrinsic) -> Result<()> {
        let locs = self.locs(int.def);
        let fatal = |message: String| Err(Fatal::new(locs, message));
        let defaults = &int.param_default_values;
        if int.is_overloaded && defaults.iter().any(Option::is_some) {
            return fatal("default argument values are not supported for overloaded intrinsics".into());
        }
        let mut seen_default = false;
        for i in 0..int.param_tys.len() {
            if defaults.get(i).is_some_and(Option::is_some) {
                seen_default = true;
            } else if seen_default {
                return fatal(format!("missing default argument on parameter {i}"));
            }
        }
        for (i, value) in defaults.iter().enumerate() {
            let Some(value) = *value else { continue };
            let Some(&param) = int.param_tys.get(i) else {
                return fatal(format!("default argument on parameter {i} names no parameter"));
            };
            let vt = self.fields.def(param, "VT")?;
            if !self.fields.bit(vt, "isInteger")? {
                return fatal(format!("default argument on parameter {i} requires an integer parameter type"));
            }
            let width = self.fields.int(vt, "Size")? as u32;
            if width < 64 && value >> width != 0 {
                return fatal(format!("default argument value {value} out of range for i{width} parameter {i}"));
            }
        }
        Ok(())
    }
}

/// The intrinsics of one target prefix: a run of the sorted table.
#[derive(Clone, Debug)]
pub struct TargetSet {
    pub name: &'static str,
    pub offset: usize,
    pub count: usize,
}

/// Each intrinsic's number in the table (LLVM's `Intrinsic::ID`, from 1; 0 for a def that
/// is not an intrinsic), kept with the evaluation: the pattern model and the selectors print
/// and match intrinsics by it.
pub struct IntrinsicIds(std::collections::HashMap<RecId, i64>);

impl IntrinsicIds {
    pub fn of(input: &Evaluation) -> Result<std::sync::Arc<IntrinsicIds>> {
        crate::computed(input, || {
            let table = IntrinsicTable::read(input, input.records.release, &mut Diagnostics::new())?;
            Ok(IntrinsicIds(table.intrinsics.iter().enumerate().map(|(i, x)| (x.def, i as i64 + 1)).collect()))
        })
    }

    pub fn get(&self, def: RecId) -> i64 {
        self.0.get(&def).copied().unwrap_or(0)
    }
}

/// LLVM's `CodeGenIntrinsicTable`: every intrinsic, sorted, and the runs of each prefix (the
/// first, target-independent one, always present).
pub struct IntrinsicTable {
    pub intrinsics: Vec<Intrinsic>,
    pub targets: Vec<TargetSet>,
    pub rules: &'static Rules,
}

impl IntrinsicTable {
    /// Reads every intrinsic and checks the table; notes and errors that do not stop LLVM go
    /// to `diags`.
    pub fn read(input: &Evaluation, release: Release, diags: &mut Diagnostics) -> Result<IntrinsicTable> {
        let reader = IntrinsicReader::new(input, release)?;
        let rules = reader.rules;
        let mut intrinsics = all_derived_definitions(input, "Intrinsic")?
            .into_iter()
            .map(|def| reader.read(def, diags))
            .collect::<Result<Vec<_>>>()?;
        if rules.checked_table {
            intrinsics.sort_by(|a, b| {
                (!a.target_prefix.is_empty(), &a.name, a.def).cmp(&(!b.target_prefix.is_empty(), &b.name, b.def))
            });
        } else {
            intrinsics.sort_by(|a, b| (a.target_prefix, &a.name).cmp(&(b.target_prefix, &b.name)));
        }
        let mut targets = vec![TargetSet { name: "", offset: 0, count: 0 }];
        for (i, intrinsic) in intrinsics.iter().enumerate() {
            let last = targets.last_mut().expect("one set at least");
            if intrinsic.target_prefix != last.name {
                last.count = i - last.offset;
                targets.push(TargetSet { name: intrinsic.target_prefix, offset: i, count: 0 });
            }
        }
        let last = targets.last_mut().expect("one set at least");
        last.count = intrinsics.len() - last.offset;
        let table = IntrinsicTable { intrinsics, targets, rules };
        if rules.checked_table {
            table.check_duplicates(input)?;
            table.check_target_independent(input)?;
            table.check_overload_suffixes(input, diags);
        }
        Ok(table)
    }

    /// The intrinsics of one target set.
    pub fn set(&self, set: &TargetSet) -> &[Intrinsic] {
        &self.intrinsics[set.offset..set.offset + set.count]
    }

    /// `CheckDuplicateIntrinsics`: two intrinsics of one name are next to each other.
    fn check_duplicates(&self, input: &Evaluation) -> Result<()> {
        let Some(pair) = self.intrinsics.windows(2).find(|w| w[0].name == w[1].name) else {
            return Ok(());
        };
        let mut diags = Diagnostics::new();
        diags
            .error_at(&input.records.get(pair[1].def).locs, format!("Intrinsic `{}` is already defined", pair[0].name));
        diags.note_at(&input.records.get(pair[0].def).locs, "Previous definition here");
        Err(Fatal(diags))
    }

    /// `CheckTargetIndependentIntrinsics`: no target-independent name has a target's prefix.
    fn check_target_independent(&self, input: &Evaluation) -> Result<()> {
        let targets: Vec<&str> = self.targets[1..].iter().map(|t| t.name).collect();
        for int in self.set(&self.targets[0]) {
            let prefix = int.name[5..].split('.').next().unwrap_or("");
            if targets.contains(&prefix) {
                let message = format!(
                    "target independent intrinsic `{}' has prefix `llvm.{prefix}` that conflicts with intrinsics for target `{prefix}`",
                    int.name
                );
                return Err(Fatal::new(&input.records.get(int.def).locs, message));
            }
        }
        Ok(())
    }

    /// `CheckOverloadSuffixConflicts`: an intrinsic whose name is an overloaded one's and a
    /// suffix that looks like a mangled type would be found for it (errors that do not stop).
    fn check_overload_suffixes(&self, input: &Evaluation, diags: &mut Diagnostics) {
        for set in &self.targets {
            let mut overloaded: Option<&Intrinsic> = None;
            for int in self.set(set) {
                let Some(base) = overloaded else {
                    if int.is_overloaded {
                        overloaded = Some(int);
                    }
                    continue;
                };
                let Some(suffixes) = int.name.strip_prefix(base.name.as_str()).and_then(|s| s.strip_prefix('.')) else {
                    overloaded = None;
                    continue;
                };
                let suffix0 = suffixes.split('.').next().unwrap_or("");
                if !looks_like_mangled_type(suffix0) {
                    continue;
                }
                let shared = &int.name[..base.name.len() + 1 + suffix0.len()];
                diags.error(
                    input.records.get(int.def).loc(),
                    format!(
                        "intrinsic `{}` cannot share prefix `{shared}` with another overloaded intrinsic `{}`",
                        int.name, base.name
                    ),
                );
                diags.note(
                    input.records.get(base.def).loc(),
                    format!("Overloaded intrinsic `{}` defined here", base.name),
                );
            }
        }
    }
}

/// `doesSuffixLookLikeMangledType`: a conservative test of whether a name component could be a
/// mangled overload type (`getMangledTypeStr`).
fn looks_like_mangled_type(suffix: &str) -> bool {
    let bytes = suffix.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if suffix.contains('_') {
        return true;
    }
    if bytes.len() >= 2 && matches!(bytes[0], b'a' | b'v') && digit_at(1) {
        return true;
    }
    if bytes.len() >= 4 && suffix.starts_with("nxv") && digit_at(3) {
        return true;
    }
    if bytes.len() > 1 && bytes[0] == b't' {
        return false;
    }
    if bytes.len() > 1 && matches!(bytes[0], b'p' | b'i') && bytes[1..].iter().all(u8::is_ascii_digit) {
        return true;
    }
    ["isVoid", "Metadata", "f16", "f32", "f64", "f80", "f128", "bf16", "ppcf128", "x86amx"].contains(&suffix)
}
