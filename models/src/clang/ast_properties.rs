//! clang's AST properties (clang/include/clang/AST/PropertiesBase.td and TypeProperties.td) as
//! ASTTableGen.h and ClangASTPropertiesEmitter.cpp read them: each node's properties and its
//! creation, override and read-helper rules, the property types (concrete, `Array<T>`,
//! `Optional<T>`, subclass and enum types), and the types serialized by cases of a kind; checked
//! as clang-tblgen's validator checks them. The basic and type readers and writers emit it.

use crate::records::{derived_definitions, Fatal, Fields};
use std::collections::BTreeMap;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation};

/// What one node (an AST node or a type case) has: its properties in the order of their defs
/// and its rules.
#[derive(Default)]
pub struct NodeInfo {
    pub properties: Vec<RecId>,
    pub creator: Option<RecId>,
    pub override_rule: Option<RecId>,
    pub read_helper: Option<RecId>,
}

/// A type serialized by cases: its `PropertyTypeKind` and its `PropertyTypeCase`s.
#[derive(Default)]
pub struct CasedType {
    pub kind_rule: Option<RecId>,
    pub cases: Vec<RecId>,
}

/// The AST properties of a record set.
pub struct AstProperties<'a> {
    f: Fields<'a>,
    /// Each node with properties or rules, by name (clang-tblgen's `std::map` of records, which
    /// compares their names).
    nodes: BTreeMap<&'static str, (RecId, NodeInfo)>,
    /// The concrete property types (generic specializations left out), in the order of their defs.
    pub types: Vec<RecId>,
    /// The cased types, by name.
    cased: BTreeMap<&'static str, (RecId, CasedType)>,
}

/// A property type's shape (`PropertyType` in ASTTableGen.h).
pub enum Shape {
    /// A named type with its C++ name.
    Concrete,
    /// `Array<T>`: its element type.
    Array(RecId),
    /// `Optional<T>`: its value type.
    Optional(RecId),
    /// A generic specialization of neither.
    UnknownGeneric,
}

impl<'a> AstProperties<'a> {
    /// Reads every rule and property type (`ASTPropsEmitter`'s constructor), with clang-tblgen's
    /// errors for a node with two rules of a kind, then validates.
    pub fn new(input: &'a Evaluation) -> Result<AstProperties<'a>, Fatal> {
        let f = Fields { input };
        let mut props = AstProperties { f, nodes: BTreeMap::new(), types: Vec::new(), cased: BTreeMap::new() };
        for &property in derived_definitions(input, "Property")?.iter() {
            let node = f.def(property, "Class")?;
            props.node_entry(node).properties.push(property);
        }
        type Slot = fn(&mut NodeInfo) -> &mut Option<RecId>;
        let rules: [(&str, &str, Slot); 3] = [
            ("Creator", "creator", |i| &mut i.creator),
            ("Override", "override", |i| &mut i.override_rule),
            ("ReadHelper", "write helper", |i| &mut i.read_helper),
        ];
        for (class, what, slot) in rules {
            for &rule in derived_definitions(input, class)?.iter() {
                let node = f.def(rule, "Class")?;
                let existing = slot(props.node_entry(node));
                if existing.is_some() {
                    let message = format!("multiple {what} rules for \"{}\"", props.node_name(node)?);
                    return Err(Fatal::new(&input.records.get(rule).locs, message));
                }
                *slot(props.node_entry(node)) = Some(rule);
            }
        }
        for &ty in derived_definitions(input, "PropertyType")?.iter() {
            if !props.is_generic(ty) {
                props.types.push(ty);
            }
        }
        for &rule in derived_definitions(input, "PropertyTypeKind")?.iter() {
            let ty = f.def(rule, "Type")?;
            let info = props.cased_entry(ty);
            if info.kind_rule.is_some() {
                let message = format!("multiple kind rules for \"{}\"", f.string(ty, "CXXName")?);
                return Err(Fatal::new(&input.records.get(rule).locs, message));
            }
            props.cased_entry(ty).kind_rule = Some(rule);
        }
        for &case in derived_definitions(input, "PropertyTypeCase")?.iter() {
            let ty = f.def(case, "Type")?;
            props.cased_entry(ty).cases.push(case);
        }
        props.validate()?;
        Ok(props)
    }

    fn node_entry(&mut self, node: RecId) -> &mut NodeInfo {
        &mut self.nodes.entry(self.f.name(node)).or_insert_with(|| (node, NodeInfo::default())).1
    }

    fn cased_entry(&mut self, ty: RecId) -> &mut CasedType {
        &mut self.cased.entry(self.f.name(ty)).or_insert_with(|| (ty, CasedType::default())).1
    }

    /// The rules and properties of `node`, if it has any.
    pub fn node(&self, node: RecId) -> Option<&NodeInfo> {
        self.nodes.get(self.f.name(node)).map(|(_, info)| info)
    }

    /// The cases of `ty`, if it is a cased type.
    pub fn cased(&self, ty: RecId) -> Option<&CasedType> {
        self.cased.get(self.f.name(ty)).map(|(_, info)| info)
    }

    fn locs(&self, rec: RecId) -> &'a [tdq_core::Loc] {
        &self.f.input.records.get(rec).locs
    }

    /// `HasProperties::getName`: an AST node's name, a type case's `Name`.
    pub fn node_name(&self, node: RecId) -> Result<&'static str, Fatal> {
        if self.f.is_a(node, "ASTNode") {
            Ok(self.f.name(node))
        } else if self.f.is_a(node, "PropertyTypeCase") {
            self.f.string(node, "Name")
        } else {
            Err(Fatal::new(self.locs(node), "unexpected node declaring properties"))
        }
    }

    /// `visitAllNodesWithInfo`: the node, then each of its bases (an AST node's) that has
    /// properties or rules.
    pub fn with_bases(&self, node: RecId) -> Result<Vec<(RecId, &NodeInfo)>, Fatal> {
        let mut found = Vec::new();
        if let Some(info) = self.node(node) {
            found.push((node, info));
        }
        if self.f.is_a(node, "ASTNode") {
            let mut current = crate::clang::ast_nodes::base(self.f, node)?;
            let mut steps = 0;
            while let Some(base) = current {
                steps += 1;
                if steps > self.f.input.records.defs.len() {
                    return Err(Fatal::new(self.locs(node), "the Base fields of this node form a cycle"));
                }
                if let Some(info) = self.node(base) {
                    found.push((base, info));
                }
                current = crate::clang::ast_nodes::base(self.f, base)?;
            }
        }
        Ok(found)
    }

    /// `visitAllProperties`: the properties of the node and its bases, but those its override
    /// rule ignores.
    pub fn all_properties(&self, node: RecId) -> Result<Vec<RecId>, Fatal> {
        let ignored = match self.node(node).and_then(|i| i.override_rule) {
            Some(rule) => self.f.strings(rule, "IgnoredProperties")?,
            None => Vec::new(),
        };
        let mut all = Vec::new();
        for (_, info) in self.with_bases(node)? {
            for &property in &info.properties {
                if !ignored.contains(&self.property_name(property)?) {
                    all.push(property);
                }
            }
        }
        Ok(all)
    }

    /// `Validator::validate`: each node's property types and the uniqueness of their names in
    /// its hierarchy; every problem is reported, then the fatal "property validation failed".
    fn validate(&self) -> Result<(), Fatal> {
        let mut diags = Diagnostics::new();
        for (node, _) in self.nodes.values() {
            let mut seen: BTreeMap<&str, RecId> = BTreeMap::new();
            for (_, info) in self.with_bases(*node)? {
                for &property in &info.properties {
                    self.validate_type(self.property_type(property)?, property, &mut diags)?;
                    let name = self.property_name(property)?;
                    if let Some(&existing) = seen.get(name) {
                        let message =
                            format!("multiple properties named \"{name}\" in hierarchy of {}", self.node_name(*node)?);
                        diags.error_at(self.locs(existing), message);
                        diags.note_at(self.locs(property), "existing property");
                    } else {
                        seen.insert(name, property);
                    }
                }
            }
        }
        if diags.has_errors() {
            diags.error(tdq_core::Loc::NONE, "property validation failed");
            return Err(Fatal(diags));
        }
        Ok(())
    }

    fn validate_type(&self, ty: RecId, context: RecId, diags: &mut Diagnostics) -> Result<(), Fatal> {
        let mut problem = |at: RecId, message: &str| {
            diags.error_at(self.locs(at), message);
            diags.note_at(self.locs(context), "type used here");
        };
        match self.shape(ty)? {
            Shape::Concrete => {
                if self.cxx_name(ty)?.is_empty() {
                    problem(ty, "type is not generic but has no C++ type name");
                }
            }
            Shape::Array(element) => self.validate_type(element, context, diags)?,
            Shape::Optional(value) => {
                self.validate_type(value, context, diags)?;
                if self.f.string(value, "PackOptional")?.is_empty() {
                    diags.error_at(self.locs(value), "type doesn't provide optional-packing code");
                    diags.note_at(self.locs(context), "type used here");
                } else if self.f.string(value, "UnpackOptional")?.is_empty() {
                    diags.error_at(self.locs(value), "type doesn't provide optional-unpacking code");
                    diags.note_at(self.locs(context), "type used here");
                }
            }
            Shape::UnknownGeneric => problem(ty, "unknown generic property type"),
        }
        Ok(())
    }

    /// `isGenericSpecialization`: an anonymous type (`Array<T>`, `Optional<T>`).
    pub fn is_generic(&self, ty: RecId) -> bool {
        self.f.input.records.get(ty).is_anonymous()
    }

    /// What kind of type `ty` is.
    pub fn shape(&self, ty: RecId) -> Result<Shape, Fatal> {
        if !self.is_generic(ty) {
            Ok(Shape::Concrete)
        } else if self.f.is_a(ty, "Array") {
            Ok(Shape::Array(self.f.def(ty, "Element")?))
        } else if self.f.is_a(ty, "Optional") {
            Ok(Shape::Optional(self.f.def(ty, "Element")?))
        } else {
            Ok(Shape::UnknownGeneric)
        }
    }

    /// `getCXXTypeName`.
    pub fn cxx_name(&self, ty: RecId) -> Result<&'static str, Fatal> {
        self.f.string(ty, "CXXName")
    }

    /// `getAbstractTypeName`: the type's def name.
    pub fn abstract_name(&self, ty: RecId) -> &'static str {
        self.f.name(ty)
    }

    /// `emitCXXValueTypeName`: the C++ type of a value, `const` when written if the type says so.
    pub fn value_type_name(&self, ty: RecId, for_read: bool) -> Result<String, Fatal> {
        Ok(match self.shape(ty)? {
            Shape::Concrete => {
                let constant = if !for_read && self.const_when_writing(ty)? { "const " } else { "" };
                format!("{constant}{}", self.cxx_name(ty)?)
            }
            Shape::Array(element) => format!("llvm::ArrayRef<{}>", self.value_type_name(element, for_read)?),
            Shape::Optional(value) => format!("std::optional<{}>", self.value_type_name(value, for_read)?),
            // clang-tblgen aborts here.
            Shape::UnknownGeneric => return Err(Fatal::new(self.locs(ty), "unexpected generic property type")),
        })
    }

    pub fn pass_by_reference(&self, ty: RecId) -> Result<bool, Fatal> {
        self.f.bit(ty, "PassByReference")
    }

    pub fn const_when_writing(&self, ty: RecId) -> Result<bool, Fatal> {
        self.f.bit(ty, "ConstWhenWriting")
    }

    /// `getSuperclassType`: a subclass type's base type.
    pub fn superclass(&self, ty: RecId) -> Result<Option<RecId>, Fatal> {
        if self.f.is_a(ty, "SubclassPropertyType") {
            return self.f.def(ty, "Base").map(Some);
        }
        Ok(None)
    }

    pub fn subclass_name(&self, ty: RecId) -> Result<&'static str, Fatal> {
        self.f.string(ty, "SubclassName")
    }

    pub fn is_enum(&self, ty: RecId) -> bool {
        self.f.is_a(ty, "EnumPropertyType")
    }

    /// `getPackOptionalCode` (`pack`) or `getUnpackOptionalCode`.
    pub fn optional_code(&self, ty: RecId, pack: bool) -> Result<&'static str, Fatal> {
        self.f.string(ty, if pack { "PackOptional" } else { "UnpackOptional" })
    }

    pub fn buffer_element_types(&self, ty: RecId) -> Result<Vec<RecId>, Fatal> {
        self.f.defs(ty, "BufferElementTypes")
    }

    pub fn property_name(&self, property: RecId) -> Result<&'static str, Fatal> {
        self.f.string(property, "Name")
    }

    pub fn property_type(&self, property: RecId) -> Result<RecId, Fatal> {
        self.f.def(property, "Type")
    }

    /// The property's `Read` code.
    pub fn read_code(&self, property: RecId) -> Result<&'static str, Fatal> {
        self.f.string(property, "Read")
    }

    /// The property's `Conditional` code.
    pub fn condition(&self, property: RecId) -> Result<&'static str, Fatal> {
        self.f.string(property, "Conditional")
    }

    /// A creator's `Create` code.
    pub fn creation_code(&self, creator: RecId) -> Result<&'static str, Fatal> {
        self.f.string(creator, "Create")
    }

    /// A read helper's `Code`.
    pub fn helper_code(&self, helper: RecId) -> Result<&'static str, Fatal> {
        self.f.string(helper, "Code")
    }

    /// A kind rule's kind type, kind property name and read code.
    pub fn kind_rule(&self, rule: RecId) -> Result<(RecId, &'static str, &'static str), Fatal> {
        Ok((self.f.def(rule, "KindType")?, self.f.string(rule, "KindPropertyName")?, self.f.string(rule, "Read")?))
    }

    /// A type case's `Name`.
    pub fn case_name(&self, case: RecId) -> Result<&'static str, Fatal> {
        self.f.string(case, "Name")
    }

    /// The locations of a record, for messages.
    pub fn locations(&self, rec: RecId) -> &'a [tdq_core::Loc] {
        self.locs(rec)
    }
}
