//! `--gen-attrs`: the IR attribute kinds of `Attributes.td` (names, enum values, the
//! inline-compatibility and merge rules, each kind's properties), as LLVM's Attributes.cpp.

use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;

pub struct GenAttrs;

impl Backend for GenAttrs {
    fn name(&self) -> &'static str {
        "gen-attrs"
    }
    fn help(&self) -> &'static str {
        "Generate attributes"
    }
    fn emit(&self, input: &Evaluation, _: &BackendOptions, out: &mut Output) -> Result<()> {
        let mut s = String::new();
        target_independent_names(input, &mut s)?;
        fn_attr_compat_check(input, &mut s)?;
        attribute_properties(input, &mut s)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// The classes of the attributes that have an enum value, in `Attribute::operator<`'s order.
const ENUM_KINDS: &[&str] = &["EnumAttr", "TypeAttr", "IntAttr", "ConstantRangeAttr", "ConstantRangeListAttr"];

fn target_independent_names(input: &Evaluation, s: &mut String) -> Result<()> {
    let f = Fields { input };
    s.push_str("#ifdef GET_ATTR_NAMES\n#undef GET_ATTR_NAMES\n");
    s.push_str("#ifndef ATTRIBUTE_ALL\n#define ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n");
    for (kinds, macro_name) in [
        (ENUM_KINDS, "ATTRIBUTE_ENUM"),
        (&["StrBoolAttr"][..], "ATTRIBUTE_STRBOOL"),
        (&["ComplexStrAttr"][..], "ATTRIBUTE_COMPLEXSTR"),
    ] {
        let _ = write!(
            s,
            "#ifndef {macro_name}\n#define {macro_name}(FIRST, SECOND) ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n"
        );
        for kind in kinds {
            for attr in all_derived_definitions(input, kind)? {
                let _ = writeln!(s, "{macro_name}({},{})", f.name(attr), f.string(attr, "AttrString")?);
            }
        }
        let _ = write!(s, "#undef {macro_name}\n\n");
    }
    s.push_str("#undef ATTRIBUTE_ALL\n#endif\n\n");

    s.push_str("#ifdef GET_ATTR_ENUM\n#undef GET_ATTR_ENUM\n");
    // Zero is AttrKind::None.
    let mut value = 1;
    for kind in ENUM_KINDS {
        let _ = writeln!(s, "First{kind} = {value},");
        for attr in all_derived_definitions(input, kind)? {
            let _ = writeln!(s, "{} = {value},", f.name(attr));
            value += 1;
        }
        let _ = writeln!(s, "Last{kind} = {},", value - 1);
    }
    s.push_str("#endif\n\n");
    Ok(())
}

fn fn_attr_compat_check(input: &Evaluation, s: &mut String) -> Result<()> {
    let f = Fields { input };
    s.push_str("#ifdef GET_ATTR_COMPAT_FUNC\n#undef GET_ATTR_COMPAT_FUNC\n");
    s.push_str("static inline bool hasCompatibleFnAttrs(const Function &Caller,\n");
    s.push_str("                                        const Function &Callee) {\n");
    s.push_str("  bool Ret = true;\n\n");
    for rule in all_derived_definitions(input, "CompatRule")? {
        let _ = write!(s, "  Ret &= {}(Caller, Callee", f.string(rule, "CompatFunc")?);
        let attr = f.string(rule, "AttrName")?;
        if !attr.is_empty() {
            let _ = write!(s, ", \"{attr}\"");
        }
        s.push_str(");\n");
    }
    s.push_str("\n  return Ret;\n}\n\n");
    let merge_rules = all_derived_definitions(input, "MergeRule")?;
    s.push_str("static inline void mergeFnAttrs(Function &Caller,\n");
    s.push_str("                                const Function &Callee) {\n");
    for rule in merge_rules {
        let _ = writeln!(s, "  {}(Caller, Callee);", f.string(rule, "MergeFunc")?);
    }
    s.push_str("}\n\n#endif\n");
    Ok(())
}

fn attribute_properties(input: &Evaluation, s: &mut String) -> Result<()> {
    let f = Fields { input };
    s.push_str("#ifdef GET_ATTR_PROP_TABLE\n#undef GET_ATTR_PROP_TABLE\n");
    s.push_str("static const uint8_t AttrPropTable[] = {\n");
    for kind in ENUM_KINDS {
        for attr in all_derived_definitions(input, kind)? {
            s.push('0');
            for property in f.list(attr, "Properties")? {
                let Some(property) = property.as_def() else {
                    let message =
                        format!("Record `{}', field `Properties' list is not entirely DefInit!", f.name(attr));
                    return Err(BackendError::fatal(&input.records.get(attr).locs, message));
                };
                let _ = write!(s, " | AttributeProperty::{}", f.name(property));
            }
            s.push_str(",\n");
        }
    }
    s.push_str("};\n#endif\n");
    Ok(())
}
