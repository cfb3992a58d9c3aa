//! The AST property readers and writers (clang-tblgen's `ClangASTPropertiesEmitter`) over
//! [`tdq_models::clang::ast_properties`]: `-gen-clang-type-reader` and `-type-writer` write a
//! CRTP class with a method per concrete type node, `-gen-clang-basic-reader` and
//! `-basic-writer` the dispatchers, the optional packers and the base class of the basic readers
//! and writers.

use crate::common::emit::source_file_header;
use crate::{BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::ast_nodes::{Checks, Hierarchy};
use tdq_models::clang::ast_properties::{AstProperties, CasedType, Shape};
use tdq_models::{Fatal, Fields};

/// `ReaderWriterInfo`: the words of a reader or a writer.
#[derive(Clone)]
struct Side {
    reader: bool,
    class_suffix: &'static str,
    method_prefix: &'static str,
    helper: String,
    result_type: &'static str,
}

impl Side {
    fn new(reader: bool) -> Side {
        if reader {
            Side { reader, class_suffix: "Reader", method_prefix: "read", helper: "R".into(), result_type: "QualType" }
        } else {
            Side { reader, class_suffix: "Writer", method_prefix: "write", helper: "W".into(), result_type: "void" }
        }
    }
}

struct Writer<'a> {
    props: AstProperties<'a>,
    s: String,
}

impl Writer<'_> {
    /// `emitBasicReaderWriterMethodSuffix`.
    fn method_suffix(&self, ty: RecId, for_read: bool) -> Result<String, Fatal> {
        let p = &self.props;
        let (word, inner) = match p.shape(ty)? {
            Shape::Concrete => return Ok(p.abstract_name(ty).to_string()),
            Shape::Array(element) => ("Array", element),
            Shape::Optional(value) => ("Optional", value),
            Shape::UnknownGeneric => {
                return Err(Fatal::new(p.locations(ty), "unexpected generic property type"));
            }
        };
        // Only reads name the element type, so that writes never mismatch its const.
        if for_read {
            return Ok(format!("{word}<{}>", p.value_type_name(inner, true)?));
        }
        Ok(word.to_string())
    }

    /// `emitReadOfProperty`.
    fn read_of(&mut self, reader: &str, name: &str, ty: RecId, condition: &str) -> Result<(), Fatal> {
        let buffers = self.props.buffer_element_types(ty)?;
        for (i, &buffer) in buffers.iter().enumerate() {
            let t = self.props.value_type_name(buffer, true)?;
            let _ = writeln!(self.s, "    llvm::SmallVector<{t}, 8> {name}_buffer_{i};");
        }
        let value_type = self.props.value_type_name(ty, true)?;
        if condition.is_empty() {
            let _ = write!(self.s, "    {value_type} {name} = ");
        } else {
            let _ = write!(
                self.s,
                "    std::optional<{value_type}> {name};\n    if ({condition}) {{\n      {name}.emplace("
            );
        }
        let template = if self.props.is_generic(ty) { "template " } else { "" };
        let suffix = self.method_suffix(ty, true)?;
        let args: Vec<String> = (0..buffers.len()).map(|i| format!("{name}_buffer_{i}")).collect();
        let _ = write!(self.s, "{reader}.find(\"{name}\").{template}read{suffix}({})", args.join(", "));
        if condition.is_empty() {
            self.s.push_str(";\n");
        } else {
            self.s.push_str(");\n    }\n");
        }
        Ok(())
    }

    /// `emitWriteOfProperty`.
    fn write_of(&mut self, writer: &str, name: &str, ty: RecId, read: &str, condition: &str) -> Result<(), Fatal> {
        if !condition.is_empty() {
            let _ = writeln!(self.s, "    if ({condition}) {{");
        }
        let value_type = self.props.value_type_name(ty, false)?;
        let suffix = self.method_suffix(ty, false)?;
        let _ = write!(
            self.s,
            "    {value_type} {name} = ({read});\n    {writer}.find(\"{name}\").write{suffix}({name});\n"
        );
        if !condition.is_empty() {
            self.s.push_str("    }\n");
        }
        Ok(())
    }

    /// `emitPropertiedReaderWriterBody`: the node's read helper (writing), each property, and
    /// its creation code (reading), which must name every property.
    fn body(&mut self, node: RecId, side: &Side) -> Result<(), Fatal> {
        let p = &self.props;
        let Some(info) = p.node(node) else {
            let message = format!("no information about how to deserialize \"{}\"", p.node_name(node)?);
            return Err(Fatal::new(p.locations(node), message));
        };
        let (creator, read_helper) = (info.creator, info.read_helper);
        let creation = if side.reader {
            let Some(creator) = creator else {
                let message = format!("no Creator for \"{}\"", p.node_name(node)?);
                return Err(Fatal::new(p.locations(node), message));
            };
            Some((creator, p.creation_code(creator)?))
        } else {
            None
        };
        if let (false, Some(helper)) = (side.reader, read_helper) {
            let code = p.helper_code(helper)?;
            let _ = writeln!(self.s, "    {code}");
        }
        for property in p.all_properties(node)? {
            let p = &self.props;
            let name = p.property_name(property)?;
            let ty = p.property_type(property)?;
            let condition = p.condition(property)?;
            if let Some((creator, code)) = creation {
                if !code.contains(name) {
                    let message =
                        format!("creation code for {} doesn't refer to property \"{name}\"", p.node_name(node)?);
                    return Err(Fatal::new(p.locations(creator), message));
                }
                self.read_of(&side.helper, name, ty, condition)?;
            } else {
                let read = p.read_code(property)?;
                self.write_of(&side.helper, name, ty, read, condition)?;
            }
        }
        if let Some((_, code)) = creation {
            let _ = writeln!(self.s, "    {code}");
        }
        Ok(())
    }

    /// `emitNodeReaderWriterClass<TypeNode>`: the dispatch on the type class, then a method
    /// per concrete type node.
    fn type_class(&mut self, input: &Evaluation, side: &Side) -> Result<(), Fatal> {
        let f = Fields { input };
        let (suffix, var) = (side.class_suffix, side.helper.as_str());
        let _ = write!(
            self.s,
            "template <class Property{suffix}>\nclass AbstractType{suffix} {{\npublic:\n  Property{suffix} &{var};\n\n  AbstractType{suffix}(Property{suffix} &{var}) : {var}({var}) {{}}\n\n"
        );
        let _ = write!(self.s, "  {} {}(", side.result_type, side.method_prefix);
        if side.reader {
            self.s.push_str("Type::TypeClass kind) {\n    switch (kind) {\n");
        } else {
            self.s.push_str("const Type *node) {\n    switch (node->getTypeClass()) {\n");
        }
        let hierarchy = Hierarchy::checked(input, "TypeNode", Checks::Visitor)?;
        let mut concrete = Vec::new();
        for (node, _) in hierarchy.preorder() {
            if f.bit(node, "Abstract")? {
                continue;
            }
            concrete.push(node);
            let name = f.name(node);
            let Some(id) = name.strip_suffix("Type") else {
                return Err(Fatal::new(&input.records.get(node).locs, "name of node doesn't end in Type"));
            };
            let _ = write!(self.s, "    case Type::{id}:\n      return {}{name}(", side.method_prefix);
            if !side.reader {
                let _ = write!(self.s, "static_cast<const {name} *>(node)");
            }
            self.s.push_str(");\n");
        }
        self.s.push_str("    }\n    llvm_unreachable(\"bad kind\");\n  }\n\n");
        for node in concrete {
            let name = f.name(node);
            let _ = write!(self.s, "  {} {}{name}(", side.result_type, side.method_prefix);
            if !side.reader {
                let _ = write!(self.s, "const {name} *node");
            }
            self.s.push_str(") {\n");
            if side.reader {
                let _ = writeln!(self.s, "    auto &ctx = {var}.getASTContext();");
            }
            self.body(node, side)?;
            self.s.push_str("  }\n\n");
        }
        self.s.push_str("};\n\n");
        Ok(())
    }

    /// `emitDispatcherTemplate`.
    fn dispatchers(&mut self, side: &Side) -> Result<(), Fatal> {
        let prefix = if side.reader { "Read" } else { "Write" };
        let _ = write!(self.s, "template <class ValueType>\nstruct {prefix}Dispatcher;\n");
        let declare = |s: &mut String, params: &str, cxx: &str, method: &str| {
            let result = if side.reader { cxx } else { "void" };
            let (suffix, var, verb) = (side.class_suffix, &side.helper, side.method_prefix);
            let _ = write!(
                s,
                "template {params}\nstruct {prefix}Dispatcher<{cxx}> {{\n  template <class Basic{suffix}, class... Args>\n  static {result} {verb}(Basic{suffix} &{var}, Args &&... args) {{\n    return {var}.{verb}{method}(std::forward<Args>(args)...);\n  }}\n}};\n"
            );
        };
        for &ty in &self.props.types {
            let cxx = self.props.cxx_name(ty)?;
            let method = self.props.abstract_name(ty);
            declare(&mut self.s, "<>", cxx, method);
            if !side.reader && self.props.const_when_writing(ty)? {
                declare(&mut self.s, "<>", &format!("const {cxx}"), method);
            }
        }
        declare(&mut self.s, "<class T>", "llvm::ArrayRef<T>", "Array");
        declare(&mut self.s, "<class T>", "std::optional<T>", "Optional");
        self.s.push('\n');
        Ok(())
    }

    /// `emitPackUnpackOptionalTemplate`.
    fn optional_packers(&mut self, side: &Side) -> Result<(), Fatal> {
        let (class, method) = if side.reader { ("Unpack", "unpack") } else { ("Pack", "pack") };
        let _ = write!(self.s, "template <class ValueType>\nstruct {class}OptionalValue;\n");
        let declare = |s: &mut String, name: &str, code: &str| {
            let (result, param) = if side.reader {
                (format!("std::optional<{name}>"), name.to_string())
            } else {
                (name.to_string(), format!("std::optional<{name}>"))
            };
            let _ = write!(
                s,
                "template <>\nstruct {class}OptionalValue<{name}> {{\n  static {result} {method}({param} value) {{\n    return {code};\n  }}\n}};\n"
            );
        };
        for &ty in &self.props.types {
            let code = self.props.optional_code(ty, !side.reader)?;
            if code.is_empty() {
                continue;
            }
            let name = self.props.cxx_name(ty)?;
            declare(&mut self.s, name, code);
            if self.props.const_when_writing(ty)? && !side.reader {
                declare(&mut self.s, &format!("const {name}"), code);
            }
        }
        self.s.push('\n');
        Ok(())
    }

    /// `emitBasicReaderWriterTemplate`: the `Basic{Reader,Writer}Base` class, with a method for
    /// each cased, enum and subclass type.
    fn base_class(&mut self, side: &Side) -> Result<(), Fatal> {
        let suffix = side.class_suffix;
        let _ = write!(
            self.s,
            "template <class Impl>\nclass Basic{suffix}Base {{\n  ASTContext &C;\nprotected:\n  Basic{suffix}Base(ASTContext &ctx) : C(ctx) {{}}\npublic:\n  ASTContext &getASTContext() {{ return C; }}\n  Impl &asImpl() {{ return static_cast<Impl&>(*this); }}\n"
        );
        let types = self.props.types.clone();
        for ty in types {
            let p = &self.props;
            let cxx = p.cxx_name(ty)?;
            let enter = |s: &mut String, param: &str| -> Result<(), Fatal> {
                let result = if side.reader { cxx } else { "void" };
                let _ = write!(s, "  {result} {}{}(", side.method_prefix, p.abstract_name(ty));
                if !side.reader {
                    let by_ref = p.pass_by_reference(ty)?;
                    let constant = if by_ref || p.const_when_writing(ty)? { "const " } else { "" };
                    let reference = if by_ref { " &" } else { "" };
                    let _ = write!(s, "{constant}{cxx}{reference} {param}");
                }
                s.push_str(") {\n");
                Ok(())
            };
            let mut s = std::mem::take(&mut self.s);
            if p.cased(ty).is_some() {
                enter(&mut s, "node")?;
                self.s = s;
                self.cased_body(ty, side)?;
                self.s.push_str("  }\n");
                continue;
            }
            if p.is_enum(ty) {
                enter(&mut s, "value")?;
                if side.reader {
                    let _ = writeln!(s, "    return asImpl().template readEnum<{cxx}>();");
                } else {
                    s.push_str("    asImpl().writeEnum(value);\n");
                }
                s.push_str("  }\n");
            } else if let Some(superclass) = p.superclass(ty)? {
                enter(&mut s, "value")?;
                let base = p.abstract_name(superclass);
                if side.reader {
                    let _ = writeln!(s, "    return cast_or_null<{}>(asImpl().read{base}());", p.subclass_name(ty)?);
                } else {
                    let _ = writeln!(s, "    asImpl().write{base}(value);");
                }
                s.push_str("  }\n");
            }
            self.s = s;
        }
        self.s.push_str("};\n\n");
        Ok(())
    }

    /// `emitCasedReaderWriterMethodBody`: the kind, then a case of the properties of each.
    fn cased_body(&mut self, ty: RecId, side: &Side) -> Result<(), Fatal> {
        let p = &self.props;
        let Some(CasedType { kind_rule, cases }) = p.cased(ty) else { return Ok(()) };
        let cxx = p.cxx_name(ty)?;
        let Some(&first_case) = cases.first() else {
            let locs = kind_rule.map_or(&[][..], |r| p.locations(r));
            return Err(Fatal::new(locs, format!("no cases found for \"{cxx}\"")));
        };
        let Some(kind_rule) = *kind_rule else {
            return Err(Fatal::new(p.locations(first_case), format!("no kind rule for \"{cxx}\"")));
        };
        let cases = cases.clone();
        let (kind_type, kind_property, read) = p.kind_rule(kind_rule)?;
        let subvar = format!("sub{}", side.helper);
        if side.reader {
            self.s.push_str("    auto &ctx = asImpl().getASTContext();\n");
        }
        let _ = writeln!(self.s, "    auto &&{subvar} = asImpl().{}Object();", side.method_prefix);
        if side.reader {
            self.read_of(&subvar, kind_property, kind_type, "")?;
        } else {
            self.write_of(&subvar, kind_property, kind_type, read, "")?;
        }
        let sub = Side { helper: subvar, ..side.clone() };
        let _ = writeln!(self.s, "    switch ({kind_property}) {{");
        for case in cases {
            let _ = writeln!(self.s, "    case {cxx}::{}: {{", self.props.case_name(case)?);
            self.body(case, &sub)?;
            if !side.reader {
                self.s.push_str("    return;\n");
            }
            self.s.push_str("    }\n\n");
        }
        let kind_cxx = self.props.cxx_name(kind_type)?;
        let _ = writeln!(self.s, "    }}\n    llvm_unreachable(\"bad {kind_cxx}\");");
        Ok(())
    }
}

/// What a reader or writer file holds.
#[derive(Clone, Copy)]
pub enum File {
    /// `AbstractTypeReader.inc` / `AbstractTypeWriter.inc`.
    Type,
    /// `AbstractBasicReader.inc` / `AbstractBasicWriter.inc`.
    Basic,
}

/// Writes one of the four files, the reader's (`reader`) or the writer's.
pub fn emit(
    input: &Evaluation,
    options: &BackendOptions,
    out: &mut Output,
    file: File,
    reader: bool,
) -> Result<(), BackendError> {
    let mut s = String::new();
    let description = match (file, reader) {
        (File::Type, true) => "A CRTP reader for Clang Type nodes",
        (File::Type, false) => "A CRTP writer for Clang Type nodes",
        (File::Basic, true) => "Helper classes for BasicReaders",
        (File::Basic, false) => "Helper classes for BasicWriters",
    };
    source_file_header(&mut s, description, Some(&options.input_filename));
    let mut w = Writer { props: AstProperties::new(input)?, s };
    let side = Side::new(reader);
    match file {
        File::Type => w.type_class(input, &side)?,
        File::Basic => {
            w.dispatchers(&side)?;
            w.optional_packers(&side)?;
            w.base_class(&side)?;
        }
    }
    out.write_all(w.s.as_bytes())?;
    Ok(())
}
