//! The intrinsics model (LLVM's `CodeGenIntrinsic` and `CodeGenIntrinsicTable`): each
//! `Intrinsic` def's names, target prefix, builtin names, attributes and memory effects, in
//! the order every intrinsic backend numbers them (by target prefix, then name).

use crate::common::records::{all_derived_definitions, Fields};
use crate::BackendError;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

type Result<T> = std::result::Result<T, BackendError>;

/// The properties an intrinsic may have as a SelectionDAG node
/// (`parseSDPatternOperatorProperties`).
pub const SD_NODE_PROPERTIES: &[&str] = &[
    "SDNPCommutative",
    "SDNPAssociative",
    "SDNPHasChain",
    "SDNPOutGlue",
    "SDNPInGlue",
    "SDNPOptInGlue",
    "SDNPMayStore",
    "SDNPMayLoad",
    "SDNPSideEffect",
    "SDNPMemOperand",
    "SDNPVariadic",
];

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
        }
    }
}

/// LLVM 19's `MemoryEffects`: a `ModRefInfo` (bit 0 ref, bit 1 mod) for each of the
/// locations argument memory, inaccessible memory and other memory, two bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryEffects(pub u32);

impl MemoryEffects {
    const LOCATIONS: u32 = 3;
    fn all(mod_ref: u32) -> MemoryEffects {
        MemoryEffects((0..Self::LOCATIONS).fold(0, |data, loc| data | mod_ref << (2 * loc)))
    }
    pub fn unknown() -> MemoryEffects {
        Self::all(3)
    }
    pub fn none() -> MemoryEffects {
        MemoryEffects(0)
    }
    fn only(loc: u32) -> MemoryEffects {
        MemoryEffects(3 << (2 * loc))
    }
    /// Every location's access, or-ed.
    fn mod_ref(self) -> u32 {
        (0..Self::LOCATIONS).fold(0, |mr, loc| mr | (self.0 >> (2 * loc)) & 3)
    }
    pub fn does_not_access_memory(self) -> bool {
        self.0 == 0
    }
    fn only_reads(self) -> bool {
        self.mod_ref() & 2 == 0
    }
    fn only_writes(self) -> bool {
        self.mod_ref() & 1 == 0
    }
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
    pub memory: MemoryEffects,
    /// The attributes of each argument position (0: the return value), each sorted.
    pub arg_attributes: Vec<Vec<(ArgAttrKind, u64)>>,
}

impl Intrinsic {
    /// `CodeGenIntrinsic(R, DefaultProperties)`: reads `def` with LLVM's checks and errors.
    pub fn read(fields: &Fields, def: RecId, default_properties: &[RecId]) -> Result<Intrinsic> {
        let input = fields.input;
        let def_name = input.records.name_sym(def);
        let locs = &input.records.get(def).locs;
        let fatal = |message: String| BackendError::fatal(locs, message);
        let enum_name = match def_name.strip_prefix("int_") {
            Some(rest) if !rest.is_empty() => rest,
            _ => return Err(fatal(format!("Intrinsic '{def_name}' does not start with 'int_'!"))),
        };
        let builtin = |field: &str| -> Result<&'static str> {
            if fields.value(def, field).is_some() {
                fields.string(def, field)
            } else {
                Ok("")
            }
        };
        let clang_builtin_name = builtin("ClangBuiltinName")?;
        let ms_builtin_name = builtin("MSBuiltinName")?;
        let target_prefix = fields.string(def, "TargetPrefix")?;
        let mut name = fields.string(def, "LLVMName")?.to_owned();
        if name.is_empty() {
            name = format!("llvm.{}", enum_name.replace('_', "."));
        } else if name.len() <= 5 || !name.starts_with("llvm.") {
            return Err(fatal(format!("Intrinsic '{def_name}'s name does not start with 'llvm.'!")));
        }
        if !target_prefix.is_empty()
            && !name.get(5..).is_some_and(|rest| rest.starts_with(&format!("{target_prefix}.")))
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
            memory: MemoryEffects::unknown(),
            arg_attributes: Vec::new(),
        };
        if fields.value(def, "Types").is_some() {
            intrinsic.is_overloaded = fields.bit(def, "isOverloaded")?;
            fields.list(def, "RetTypes")?;
        }
        for property in fields.list(def, "IntrProperties")? {
            match property.as_def() {
                Some(property) => intrinsic.set_property(fields, property)?,
                None => return Err(BackendError::fatal(&[], "Expected record in list!")),
            }
        }
        if !fields.bit(def, "DisableDefaultAttributes")? {
            for &property in default_properties {
                intrinsic.set_property(fields, property)?;
            }
        }
        for property in fields.list(def, "Properties")? {
            let Some(property) = property.as_def() else {
                return Err(fatal(format!("Record `{def_name}', field `Properties' list is not entirely DefInit!")));
            };
            let property = input.records.name_sym(property);
            if !SD_NODE_PROPERTIES.contains(&property) {
                return Err(fatal(format!("Unknown SD Node property '{property}' on node '{def_name}'!")));
            }
        }
        for attrs in &mut intrinsic.arg_attributes {
            attrs.sort_unstable();
        }
        Ok(intrinsic)
    }

    /// `CodeGenIntrinsic::setProperty`.
    fn set_property(&mut self, fields: &Fields, property: RecId) -> Result<()> {
        let locs = &fields.input.records.get(self.def).locs;
        match fields.name(property) {
            "IntrNoMem" => self.memory = MemoryEffects::none(),
            "IntrReadMem" => {
                if self.memory.only_writes() {
                    let message = "IntrReadMem cannot be used after IntrNoMem or IntrWriteMem. Default is ReadWrite";
                    return Err(BackendError::fatal(locs, message));
                }
                self.memory.0 &= MemoryEffects::all(1).0;
            }
            "IntrWriteMem" => {
                if self.memory.only_reads() {
                    let message = "IntrWriteMem cannot be used after IntrNoMem or IntrReadMem. Default is ReadWrite";
                    return Err(BackendError::fatal(locs, message));
                }
                self.memory.0 &= MemoryEffects::all(2).0;
            }
            "IntrArgMemOnly" => self.memory.0 &= MemoryEffects::only(0).0,
            "IntrInaccessibleMemOnly" => self.memory.0 &= MemoryEffects::only(1).0,
            "IntrInaccessibleMemOrArgMemOnly" => self.memory.0 &= MemoryEffects::only(0).0 | MemoryEffects::only(1).0,
            "Commutative" => self.is_commutative = true,
            "Throws" => self.can_throw = true,
            "IntrNoDuplicate" => self.is_no_duplicate = true,
            "IntrNoMerge" => self.is_no_merge = true,
            "IntrConvergent" => self.is_convergent = true,
            "IntrNoReturn" => self.is_no_return = true,
            "IntrNoCallback" => self.is_no_callback = true,
            "IntrNoSync" => self.is_no_sync = true,
            "IntrNoFree" => self.is_no_free = true,
            "IntrWillReturn" => self.is_will_return = !self.is_no_return,
            "IntrCold" => self.is_cold = true,
            "IntrSpeculatable" => self.is_speculatable = true,
            "IntrHasSideEffects" => self.has_side_effects = true,
            "IntrStrictFP" => self.is_strict_fp = true,
            _ => {
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
                ];
                // LLVM stops at an unknown property (llvm_unreachable); tdq ignores it.
                let Some(&(_, kind)) = ARG_CLASSES.iter().find(|(class, _)| fields.is_a(property, class)) else {
                    return Ok(());
                };
                let arg_no = fields.int(property, "ArgNo")? as u32 as usize;
                let value = match kind {
                    Alignment => fields.int(property, "Align")? as u64,
                    Dereferenceable => fields.int(property, "Bytes")? as u64,
                    _ => 0,
                };
                if arg_no >= self.arg_attributes.len() {
                    self.arg_attributes.resize(arg_no + 1, Vec::new());
                }
                self.arg_attributes[arg_no].push((kind, value));
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

/// LLVM's `CodeGenIntrinsicTable`: every intrinsic, sorted by target prefix and name, and the
/// runs of each prefix (the first, target-independent one, always present).
pub struct IntrinsicTable {
    pub intrinsics: Vec<Intrinsic>,
    pub targets: Vec<TargetSet>,
}

impl IntrinsicTable {
    pub fn read(input: &Evaluation) -> Result<IntrinsicTable> {
        let fields = Fields { input };
        let mut default_properties = Vec::new();
        for property in all_derived_definitions(input, "IntrinsicProperty")? {
            if fields.bit(property, "IsDefault")? {
                default_properties.push(property);
            }
        }
        let mut intrinsics = all_derived_definitions(input, "Intrinsic")?
            .into_iter()
            .map(|def| Intrinsic::read(&fields, def, &default_properties))
            .collect::<Result<Vec<_>>>()?;
        intrinsics.sort_by(|a, b| (a.target_prefix, &a.name).cmp(&(b.target_prefix, &b.name)));
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
        Ok(IntrinsicTable { intrinsics, targets })
    }
}
