//! `-gen-clang-attr-list` (`AttrList.inc`): every attribute with an AST node under the macro of
//! its most derived attribute class (`TYPE_ATTR(NAME)`, `INHERITABLE_ATTR(NAME)`, ...), each
//! class's macro defaulting to its parent's, then those with a `#pragma` spelling and each
//! class's first and last attribute (`ATTR_RANGE`).

use crate::common::emit::source_file_header;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::attributes::{attributes, flattened_spellings};
use tdq_models::{Fatal, Fields};

pub struct GenClangAttrList;

/// Every release's attribute classes.
const EVERY: ByRelease<bool> = ByRelease { v19: true, v22: true, v23: true };
/// The classes added in LLVM 20.
const FROM_22: ByRelease<bool> = ByRelease { v19: false, v22: true, v23: true };

/// The attribute classes (`AttrClassDescriptors`): the macro and the TableGen class, the root
/// first, in the order the defaults are written, with the releases that have them.
const CLASSES: &[(&str, &str, ByRelease<bool>)] = &[
    ("ATTR", "Attr", EVERY),
    ("TYPE_ATTR", "TypeAttr", EVERY),
    ("STMT_ATTR", "StmtAttr", EVERY),
    ("DECL_OR_STMT_ATTR", "DeclOrStmtAttr", EVERY),
    ("INHERITABLE_ATTR", "InheritableAttr", EVERY),
    ("DECL_OR_TYPE_ATTR", "DeclOrTypeAttr", EVERY),
    ("INHERITABLE_PARAM_ATTR", "InheritableParamAttr", EVERY),
    ("INHERITABLE_PARAM_OR_STMT_ATTR", "InheritableParamOrStmtAttr", FROM_22),
    ("PARAMETER_ABI_ATTR", "ParameterABIAttr", EVERY),
    ("HLSL_ANNOTATION_ATTR", "HLSLAnnotationAttr", EVERY),
    ("HLSL_SEMANTIC_ATTR", "HLSLSemanticBaseAttr", FROM_22),
];

/// One attribute class of the hierarchy (`AttrClass`).
struct AttrClass {
    macro_name: &'static str,
    class_name: &'static str,
    /// The class's record; `None` when the input does not define it (LLVM then matches nothing).
    record: Option<RecId>,
    parent: Option<usize>,
    children: Vec<usize>,
    attrs: Vec<RecId>,
}

/// `AttrClassHierarchy`: the classes linked to their nearest listed superclass.
struct Hierarchy {
    classes: Vec<AttrClass>,
}

impl Hierarchy {
    fn new(input: &Evaluation) -> Hierarchy {
        let rk = &input.records;
        let mut classes: Vec<AttrClass> = CLASSES
            .iter()
            .filter(|(_, _, releases)| *releases.get(rk.release))
            .map(|&(macro_name, class_name, _)| AttrClass {
                macro_name,
                class_name,
                record: rk.class(class_name),
                parent: None,
                children: Vec::new(),
                attrs: Vec::new(),
            })
            .collect();
        for i in 0..classes.len() {
            // The superclass list is flattened: the nearest listed one is the last.
            let parent = classes[i].record.and_then(|record| {
                rk.get(record)
                    .superclasses
                    .iter()
                    .rev()
                    .find_map(|&(sup, _)| classes.iter().position(|c| c.record == Some(sup)))
            });
            if let Some(parent) = parent {
                classes[i].parent = Some(parent);
                classes[parent].children.push(i);
            }
        }
        Hierarchy { classes }
    }

    /// Files `attr` under the most derived class it belongs to, below `class`.
    fn classify(&mut self, input: &Evaluation, class: usize, attr: RecId) -> bool {
        for child in self.classes[class].children.clone() {
            if self.classify(input, child, attr) {
                return true;
            }
        }
        let belongs = self.classes[class].record.is_some_and(|r| input.records.get(attr).is_subclass_of(r));
        if belongs {
            self.classes[class].attrs.push(attr);
        }
        belongs
    }

    fn emit_lists(&self, input: &Evaluation, class: usize, out: &mut String) {
        for &child in &self.classes[class].children {
            self.emit_lists(input, child, out);
        }
        let macro_name = self.classes[class].macro_name;
        for &attr in &self.classes[class].attrs {
            out.push_str(&format!("{macro_name}({})\n", input.records.name_sym(attr)));
        }
    }

    fn first(&self, class: usize) -> Option<RecId> {
        let c = &self.classes[class];
        match c.children.first() {
            Some(&child) => self.first(child),
            None => c.attrs.first().copied(),
        }
    }

    fn last(&self, class: usize) -> Option<RecId> {
        let c = &self.classes[class];
        match (c.attrs.last(), c.children.last()) {
            (Some(&attr), _) => Some(attr),
            (None, Some(&child)) => self.last(child),
            (None, None) => None,
        }
    }
}

fn default_define(out: &mut String, name: &str, parent: Option<&str>) {
    out.push_str(&format!("#ifndef {name}\n#define {name}(NAME) "));
    if let Some(parent) = parent {
        out.push_str(&format!("{parent}(NAME)"));
    }
    out.push_str("\n#endif\n\n");
}

impl Backend for GenClangAttrList {
    fn name(&self) -> &'static str {
        "gen-clang-attr-list"
    }
    fn help(&self) -> &'static str {
        "Generate a clang attribute list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "List of all attributes that Clang recognizes", Some(&options.input_filename));
        let mut hierarchy = Hierarchy::new(input);
        for class in &hierarchy.classes {
            if let Some(parent) = class.parent {
                default_define(&mut s, class.macro_name, Some(hierarchy.classes[parent].macro_name));
            }
        }
        default_define(&mut s, "PRAGMA_SPELLING_ATTR", None);
        let mut pragma = Vec::new();
        for &attr in attributes(input)?.iter() {
            if !f.bit(attr, "ASTNode")? {
                continue;
            }
            if flattened_spellings(input, attr)?.iter().any(|s| s.variety == "Pragma") {
                pragma.push(attr);
            }
            if !hierarchy.classify(input, 0, attr) {
                // LLVM asserts; a release build files the attribute nowhere.
                continue;
            }
        }
        hierarchy.emit_lists(input, 0, &mut s);
        for &attr in &pragma {
            s.push_str(&format!("PRAGMA_SPELLING_ATTR({})\n", input.records.name_sym(attr)));
        }
        s.push_str("#ifdef ATTR_RANGE\n");
        for (i, class) in hierarchy.classes.iter().enumerate() {
            let (Some(first), Some(last)) = (hierarchy.first(i), hierarchy.last(i)) else {
                return Err(Fatal::new(&[], format!("attribute class '{}' has no attributes", class.class_name)).into());
            };
            s.push_str(&format!(
                "ATTR_RANGE({}, {}, {})\n",
                class.class_name,
                input.records.name_sym(first),
                input.records.name_sym(last)
            ));
        }
        s.push_str("#undef ATTR_RANGE\n#endif\n");
        for class in &hierarchy.classes {
            s.push_str(&format!("#undef {}\n", class.macro_name));
        }
        s.push_str("#undef PRAGMA_SPELLING_ATTR\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
