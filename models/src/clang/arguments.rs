//! An attribute's arguments as clang-tblgen's `createArgument` makes them: each `Args` def's
//! kind (the first of its class and superclasses, most derived first, that clang-tblgen knows:
//! `ExprArgument`, `VariadicEnumArgument`, ...), its names in the generated code, and whether it
//! is optional or fake. The emitters of the attribute classes, their serialization, dumping and
//! traversal write each kind's code.

use crate::records::{Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

/// The kinds of argument clang-tblgen knows, by the class that makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    Aligned,
    Enum,
    Expr,
    Decl,
    Identifier,
    DefaultBool,
    Bool,
    DefaultInt,
    Int,
    String,
    Type,
    Unsigned,
    VariadicUnsigned,
    VariadicString,
    VariadicEnum,
    VariadicExpr,
    VariadicParamIdx,
    VariadicParamOrParamIdx,
    ParamIdx,
    VariadicIdentifier,
    Version,
    WrappedAttr,
    OMPTraitInfo,
    VariadicOMPInteropInfo,
}

impl ArgKind {
    /// The kind a class of that name makes.
    fn of_class(name: &str) -> Option<ArgKind> {
        Some(match name {
            "AlignedArgument" => ArgKind::Aligned,
            "EnumArgument" => ArgKind::Enum,
            "ExprArgument" => ArgKind::Expr,
            "DeclArgument" => ArgKind::Decl,
            "IdentifierArgument" => ArgKind::Identifier,
            "DefaultBoolArgument" => ArgKind::DefaultBool,
            "BoolArgument" => ArgKind::Bool,
            "DefaultIntArgument" => ArgKind::DefaultInt,
            "IntArgument" => ArgKind::Int,
            "StringArgument" => ArgKind::String,
            "TypeArgument" => ArgKind::Type,
            "UnsignedArgument" => ArgKind::Unsigned,
            "VariadicUnsignedArgument" => ArgKind::VariadicUnsigned,
            "VariadicStringArgument" => ArgKind::VariadicString,
            "VariadicEnumArgument" => ArgKind::VariadicEnum,
            "VariadicExprArgument" => ArgKind::VariadicExpr,
            "VariadicParamIdxArgument" => ArgKind::VariadicParamIdx,
            "VariadicParamOrParamIdxArgument" => ArgKind::VariadicParamOrParamIdx,
            "ParamIdxArgument" => ArgKind::ParamIdx,
            "VariadicIdentifierArgument" => ArgKind::VariadicIdentifier,
            "VersionArgument" => ArgKind::Version,
            "WrappedAttr" => ArgKind::WrappedAttr,
            "OMPTraitInfoArgument" => ArgKind::OMPTraitInfo,
            "VariadicOMPInteropInfoArgument" => ArgKind::VariadicOMPInteropInfo,
            _ => return None,
        })
    }
}

/// One argument of an attribute (clang-tblgen's `Argument`).
#[derive(Clone, Debug)]
pub struct Argument {
    /// The `Args` def; `None` for one clang-tblgen makes itself (`DelayedArgs`).
    pub record: Option<RecId>,
    pub kind: ArgKind,
    /// The name with its first letter lower case (`interface_` for `Interface`).
    pub lower_name: String,
    /// The name with its first letter upper case.
    pub upper_name: String,
    pub optional: bool,
    pub fake: bool,
    /// What an `EnumArgument` or `VariadicEnumArgument` lists.
    pub enumeration: Option<Enumeration>,
    /// A `DeclArgument`'s `Kind`: the name of the `DeclNode` def (`Function` for a
    /// `FunctionDecl *`).
    pub decl_kind: Option<&'static str>,
    /// A `DefaultBoolArgument`'s or `DefaultIntArgument`'s `Default` (a bit as 0 or 1).
    pub default: Option<i64>,
    /// A `WrappedAttr`'s `AttrType` (LLVM 23): the class of the wrapped attribute, or empty.
    pub wrapped_type: Option<&'static str>,
}

/// The values of an enum argument.
#[derive(Clone, Debug)]
pub struct Enumeration {
    /// `Type`: the enum's name (in the attribute's class unless `IsExternalType`).
    pub type_name: &'static str,
    /// `Values`: the spellings the parser accepts.
    pub values: Vec<&'static str>,
    /// `Enums`: the enumerator of each value.
    pub enums: Vec<&'static str>,
    pub is_external: bool,
    /// `IsCovered`: a switch over the enumerators needs no default.
    pub is_covered: bool,
}

/// Whether `WrappedAttr` names the wrapped attribute's class (`AttrType`, LLVM 23).
const WRAPPED_ATTR_TYPE: ByRelease<bool> = ByRelease { v19: false, v22: false, v23: true };

impl Argument {
    /// An argument of `kind` named `name` (`Argument(StringRef Arg, StringRef Attr)`).
    pub fn named(name: &str, kind: ArgKind) -> Argument {
        let mut lower_name = name.to_string();
        let mut upper_name = name.to_string();
        if let Some(first) = name.chars().next().filter(char::is_ascii) {
            lower_name.replace_range(..1, &first.to_ascii_lowercase().to_string());
            upper_name.replace_range(..1, &first.to_ascii_uppercase().to_string());
        }
        if lower_name == "interface" {
            lower_name = "interface_".to_string();
        }
        Argument {
            record: None,
            kind,
            lower_name,
            upper_name,
            optional: false,
            fake: false,
            enumeration: None,
            decl_kind: None,
            default: None,
            wrapped_type: None,
        }
    }

    /// `createArgument(Arg, Attr)`: `None` when neither the def's class nor any superclass is
    /// a kind clang-tblgen knows. The fields each kind's constructor reads are read in its
    /// order, so that a missing one fails as it does in clang-tblgen.
    pub fn new(input: &Evaluation, arg: RecId) -> Result<Option<Argument>, Fatal> {
        let f = Fields { input };
        let Some(kind) = kind_of(input, arg) else { return Ok(None) };
        // What the constructor's arguments read, before the name.
        let (mut decl_kind, mut default) = (None, None);
        match kind {
            ArgKind::Decl => decl_kind = Some(f.name(f.def(arg, "Kind")?)),
            ArgKind::DefaultBool => default = Some(i64::from(f.bit(arg, "Default")?)),
            ArgKind::DefaultInt => default = Some(f.int(arg, "Default")?),
            ArgKind::VariadicEnum => {
                f.string(arg, "Type")?;
            }
            _ => {}
        }
        let mut argument = Argument::named(f.string(arg, "Name")?, kind);
        argument.decl_kind = decl_kind;
        argument.default = default;
        match kind {
            ArgKind::Enum | ArgKind::VariadicEnum => {
                let values = f.strings(arg, "Values")?;
                let enums = f.strings(arg, "Enums")?;
                let is_external = f.bit(arg, "IsExternalType")?;
                let is_covered = f.bit(arg, "IsCovered")?;
                let type_name = f.string(arg, "Type")?;
                argument.enumeration = Some(Enumeration { type_name, values, enums, is_external, is_covered });
            }
            ArgKind::WrappedAttr if *WRAPPED_ATTR_TYPE.get(input.records.release) => {
                argument.wrapped_type = Some(f.string(arg, "AttrType")?);
            }
            _ => {}
        }
        argument.record = Some(arg);
        argument.optional = f.bit(arg, "Optional")?;
        argument.fake = f.bit(arg, "Fake")?;
        Ok(Some(argument))
    }

    /// Whether it is one of the variadic kinds.
    pub fn is_variadic(&self) -> bool {
        matches!(
            self.kind,
            ArgKind::VariadicUnsigned
                | ArgKind::VariadicString
                | ArgKind::VariadicEnum
                | ArgKind::VariadicExpr
                | ArgKind::VariadicParamIdx
                | ArgKind::VariadicParamOrParamIdx
                | ArgKind::VariadicIdentifier
                | ArgKind::VariadicOMPInteropInfo
        )
    }
}

/// The kind of `search`'s name, else of its superclasses, the last first, each searched the
/// same way (`createArgument`'s recursion).
fn kind_of(input: &Evaluation, search: RecId) -> Option<ArgKind> {
    let rk = &input.records;
    if let Some(kind) = ArgKind::of_class(rk.name_sym(search)) {
        return Some(kind);
    }
    rk.get(search).superclasses.iter().rev().find_map(|&(base, _)| kind_of(input, base))
}

/// How many of an attribute's arguments the parser fills in (the fake ones are the user's
/// job), by whether they are required or optional.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArgCounts {
    pub required: usize,
    pub optional: usize,
}

impl ArgCounts {
    /// The counts of attribute `attr`'s `Args`.
    pub fn new(input: &Evaluation, attr: RecId) -> Result<ArgCounts, Fatal> {
        let f = Fields { input };
        let mut counts = ArgCounts::default();
        for arg in f.defs(attr, "Args")? {
            if f.bit(arg, "Fake")? {
                continue;
            }
            if f.bit(arg, "Optional")? {
                counts.optional += 1;
            } else {
                counts.required += 1;
            }
        }
        Ok(counts)
    }
}

/// The name of the last direct superclass of argument def `arg`, `None` when it has none: how
/// clang-tblgen's parsing lists and parsed-attribute helpers tell an argument's kind
/// (`IdentifierArgument`, `ExprArgument`, ...), not looking further up.
pub fn arg_class(input: &Evaluation, arg: RecId) -> Option<&'static str> {
    let rk = &input.records;
    rk.get(arg).direct_superclasses(rk).first().map(|&c| rk.name_sym(c))
}

/// The arguments of attribute `attr` (its `Args`): an argument of no kind clang-tblgen knows is
/// an error at its def (clang-tblgen dereferences the null argument it makes and crashes).
pub fn known_arguments(input: &Evaluation, attr: RecId) -> Result<Vec<Argument>, Fatal> {
    let f = Fields { input };
    f.defs(attr, "Args")?.into_iter().map(|arg| known_argument(input, attr, arg)).collect()
}

/// Argument def `arg` of attribute `attr`, an error at the def when it is of no kind
/// clang-tblgen knows (see [`known_arguments`]).
pub fn known_argument(input: &Evaluation, attr: RecId, arg: RecId) -> Result<Argument, Fatal> {
    Argument::new(input, arg)?.ok_or_else(|| {
        let message = format!("unknown kind of argument of attribute '{}'", input.records.name_sym(attr));
        Fatal::new(&input.records.get(arg).locs, message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_change_case_as_clang_does() {
        let arg = Argument::named("Interface", ArgKind::Expr);
        assert_eq!((arg.lower_name.as_str(), arg.upper_name.as_str()), ("interface_", "Interface"));
        let arg = Argument::named("delayedArgs", ArgKind::VariadicExpr);
        assert_eq!((arg.lower_name.as_str(), arg.upper_name.as_str()), ("delayedArgs", "DelayedArgs"));
        assert!(arg.is_variadic());
    }
}
