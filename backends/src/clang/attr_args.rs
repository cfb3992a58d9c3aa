//! The code each kind of attribute argument writes (the `write*` methods of clang-tblgen's
//! `Argument` classes in ClangAttrEmitter.cpp): how an argument is read from and written to a
//! precompiled header, instantiated in a template, dumped, visited and traversed. Every
//! `-gen-clang-attr-*` emitter that writes per-argument code writes it through [`ArgCode`].

use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::arguments::{known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::attributes;
use tdq_models::{Fatal, Fields};

/// What a release's argument classes write differently.
pub struct ArgForm {
    /// The C++ type of an identifier argument (`const IdentifierInfo *` from LLVM 20).
    identifier_type: &'static str,
    /// A variadic expression argument is instantiated with `SubstExprs` into a new count
    /// (LLVM 20), not one `SubstExpr` per expression.
    subst_exprs: bool,
    /// An optional wrapped attribute is visited only when present, and printing an attribute
    /// tells whether it was omitted (LLVM 23).
    wrapped_optional: bool,
    /// A wrapped attribute has a setter and, with an `AttrType`, accessors of that type, and
    /// is not printed (LLVM 23); else it is a simple `Attr *` argument.
    wrapped_typed: bool,
}

const FORM_22: ArgForm = ArgForm {
    identifier_type: "const IdentifierInfo *",
    subst_exprs: true,
    wrapped_optional: false,
    wrapped_typed: false,
};
const FORM: ByRelease<ArgForm> = ByRelease {
    v19: ArgForm { identifier_type: "IdentifierInfo *", subst_exprs: false, ..FORM_22 },
    v22: FORM_22,
    v23: ArgForm { wrapped_optional: true, wrapped_typed: true, ..FORM_22 },
};

/// The shape of an argument's code: which of clang-tblgen's argument classes writes it.
enum Shape {
    /// `SimpleArgument` and its kinds (expressions, types, wrapped attributes), of a C++ type.
    Simple(String),
    /// `VariadicArgument` and its kinds, of an element type.
    Variadic(String),
    String,
    Aligned,
    Version,
    Enum(EnumType),
}

/// The enum type of an `EnumArgument` or `VariadicEnumArgument`.
struct EnumType {
    /// Qualified by the attribute's class unless external.
    full: String,
    /// The name in the conversion functions: an external type's last `::` part.
    short: &'static str,
}

/// Argument `arg` of attribute `attr` (its def's name, without `Attr`) in a release.
pub struct ArgCode<'a> {
    pub arg: &'a Argument,
    pub attr: &'a str,
    form: &'static ArgForm,
}

impl<'a> ArgCode<'a> {
    pub fn new(arg: &'a Argument, attr: &'a str, release: Release) -> ArgCode<'a> {
        ArgCode { arg, attr, form: FORM.get(release) }
    }

    fn upper(&self) -> &str {
        &self.arg.upper_name
    }

    fn lower(&self) -> &str {
        &self.arg.lower_name
    }

    /// The enum type, for an enum or variadic enum argument.
    fn enum_type(&self) -> Option<EnumType> {
        let e = self.arg.enumeration.as_ref()?;
        let full = if e.is_external { e.type_name.to_string() } else { format!("{}Attr::{}", self.attr, e.type_name) };
        // `rsplit("::").second`, the whole name when that is empty.
        let short = match e.type_name.rsplit_once("::") {
            Some((_, last)) if e.is_external && !last.is_empty() => last,
            _ => e.type_name,
        };
        Some(EnumType { full, short })
    }

    /// `Enums` without repeats, in order (`uniqueEnumsInOrder`).
    fn unique_enums(&self) -> Vec<&'static str> {
        let mut uniques: Vec<&'static str> = Vec::new();
        for &e in self.arg.enumeration.iter().flat_map(|e| &e.enums) {
            if !uniques.contains(&e) {
                uniques.push(e);
            }
        }
        uniques
    }

    fn shape(&self) -> Shape {
        let simple = |t: &str| Shape::Simple(t.to_string());
        let variadic = |t: &str| Shape::Variadic(t.to_string());
        match self.arg.kind {
            ArgKind::Aligned => Shape::Aligned,
            ArgKind::Enum => Shape::Enum(self.enum_type().expect("an enum argument has its values")),
            ArgKind::Expr => simple("Expr *"),
            ArgKind::Decl => Shape::Simple(format!("{}Decl *", self.arg.decl_kind.unwrap_or_default())),
            ArgKind::Identifier => simple(self.form.identifier_type),
            ArgKind::DefaultBool | ArgKind::Bool => simple("bool"),
            ArgKind::DefaultInt | ArgKind::Int => simple("int"),
            ArgKind::String => Shape::String,
            ArgKind::Type => simple("TypeSourceInfo *"),
            ArgKind::Unsigned => simple("unsigned"),
            ArgKind::ParamIdx => simple("ParamIdx"),
            ArgKind::OMPTraitInfo => simple("OMPTraitInfo *"),
            ArgKind::WrappedAttr => simple("Attr *"),
            ArgKind::Version => Shape::Version,
            ArgKind::VariadicUnsigned => variadic("unsigned"),
            ArgKind::VariadicString => variadic("StringRef"),
            ArgKind::VariadicEnum => variadic(self.arg.enumeration.as_ref().map_or("", |e| e.type_name)),
            ArgKind::VariadicExpr => variadic("Expr *"),
            ArgKind::VariadicParamIdx => variadic("ParamIdx"),
            ArgKind::VariadicParamOrParamIdx => variadic("int"),
            ArgKind::VariadicIdentifier => variadic(self.form.identifier_type),
            ArgKind::VariadicOMPInteropInfo => variadic("OMPInteropInfo"),
        }
    }

    /// `ReadPCHRecord`: the expression that reads a value of C++ type `ty`.
    fn read_record(&self, ty: &str) -> String {
        if let Some(decl) = ty.strip_suffix('*').filter(|_| ty.ends_with("Decl *")) {
            return format!("Record.readDeclAs<{decl}>()");
        }
        match ty {
            "TypeSourceInfo *" => "Record.readTypeSourceInfo()".into(),
            "Expr *" => "Record.readExpr()".into(),
            "StringRef" => "Record.readString()".into(),
            "ParamIdx" => "ParamIdx::deserialize(Record.readInt())".into(),
            "OMPTraitInfo *" => "Record.readOMPTraitInfo()".into(),
            _ if ty == self.form.identifier_type => "Record.readIdentifier()".into(),
            _ => "Record.readInt()".into(),
        }
    }

    /// `WritePCHRecord`: the statement that writes `name`, a value of C++ type `ty`.
    fn write_record(&self, ty: &str, name: &str) -> String {
        let call = if ty.ends_with("Decl *") {
            format!("AddDeclRef({name})")
        } else {
            match ty {
                "TypeSourceInfo *" => format!("AddTypeSourceInfo({name})"),
                "Expr *" => format!("AddStmt({name})"),
                "StringRef" => format!("AddString({name})"),
                "ParamIdx" => format!("push_back({name}.serialize())"),
                "OMPTraitInfo *" => format!("writeOMPTraitInfo({name})"),
                _ if ty == self.form.identifier_type => format!("AddIdentifierRef({name})"),
                _ => format!("push_back({name})"),
            }
        };
        format!("Record.{call};\n")
    }

    /// `writePCHReadDecls`: the statements that read the argument's value into locals.
    pub fn pch_read_decls(&self, s: &mut String) {
        let lower = self.lower();
        match self.shape() {
            Shape::Simple(_) if self.arg.kind == ArgKind::WrappedAttr => {
                s.push_str(&format!("    Attr *{lower} = Record.readAttr();"))
            }
            Shape::Simple(ty) => s.push_str(&format!("    {ty} {lower} = {};\n", self.read_record(&ty))),
            Shape::String => s.push_str(&format!("    std::string {lower}= Record.readString();\n")),
            Shape::Version => s.push_str(&format!("    VersionTuple {lower}= Record.readVersionTuple();\n")),
            Shape::Aligned => s.push_str(&format!(
                "    bool is{lower}Expr = Record.readInt();\n    void *{lower}Ptr;\n    if (is{lower}Expr)\n      {lower}Ptr = Record.readExpr();\n    else\n      {lower}Ptr = Record.readTypeSourceInfo();\n"
            )),
            Shape::Enum(e) => {
                let full = &e.full;
                s.push_str(&format!("    {full} {lower}(static_cast<{full}>(Record.readInt()));\n"))
            }
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicOMPInteropInfo => s.push_str(&format!(
                "    unsigned {lower}Size = Record.readInt();\n    SmallVector<OMPInteropInfo, 4> {lower};\n    {lower}.reserve({lower}Size);\n    for (unsigned I = 0, E = {lower}Size; I != E; ++I) {{\n      bool IsTarget = Record.readBool();\n      bool IsTargetSync = Record.readBool();\n      {lower}.emplace_back(IsTarget, IsTargetSync);\n    }}\n"
            )),
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicEnum => {
                let full = self.enum_type().map(|e| e.full).unwrap_or_default();
                s.push_str(&format!(
                    "    unsigned {lower}Size = Record.readInt();\n    SmallVector<{full}, 4> {lower};\n    {lower}.reserve({lower}Size);\n    for (unsigned i = {lower}Size; i; --i)\n      {lower}.push_back(static_cast<{full}>(Record.readInt()));\n"
                ))
            }
            Shape::Variadic(ty) => {
                s.push_str(&format!(
                    "    unsigned {lower}Size = Record.readInt();\n    SmallVector<{ty}, 4> {lower};\n    {lower}.reserve({lower}Size);\n"
                ));
                // A value that cannot be kept in its own type (StringRef) is read into another.
                let storage = if ty == "StringRef" { "std::string" } else { &ty };
                let mut storage_name = lower.to_string();
                if storage != ty {
                    storage_name.push_str("Storage");
                    s.push_str(&format!(
                        "    SmallVector<{storage}, 4> {storage_name};\n    {storage_name}.reserve({lower}Size);\n"
                    ));
                }
                s.push_str(&format!(
                    "    for (unsigned i = 0; i != {lower}Size; ++i)\n      {storage_name}.push_back({});\n",
                    self.read_record(&ty)
                ));
                if storage != ty {
                    s.push_str(&format!(
                        "    for (unsigned i = 0; i != {lower}Size; ++i)\n      {lower}.push_back({storage_name}[i]);\n"
                    ));
                }
            }
        }
    }

    /// `writePCHReadArgs`: what the read value is passed to the constructor as.
    pub fn pch_read_args(&self, s: &mut String) {
        let lower = self.lower();
        match self.shape() {
            Shape::Aligned => s.push_str(&format!("is{lower}Expr, {lower}Ptr")),
            Shape::Variadic(_) => s.push_str(&format!("{lower}.data(), {lower}Size")),
            _ => s.push_str(lower),
        }
    }

    /// `writePCHWrite`: the statements that write the argument of `SA`.
    pub fn pch_write(&self, s: &mut String) {
        let (upper, lower, attr) = (self.upper(), self.lower(), self.attr);
        match self.shape() {
            Shape::Simple(_) if self.arg.kind == ArgKind::WrappedAttr => {
                s.push_str(&format!("    AddAttr(SA->get{upper}());"))
            }
            Shape::Simple(ty) if self.arg.kind == ArgKind::Type => {
                s.push_str(&format!("    {}", self.write_record(&ty, &format!("SA->get{upper}Loc()"))))
            }
            Shape::Simple(ty) => s.push_str(&format!("    {}", self.write_record(&ty, &format!("SA->get{upper}()")))),
            Shape::String => s.push_str(&format!("    Record.AddString(SA->get{upper}());\n")),
            Shape::Version => s.push_str(&format!("    Record.AddVersionTuple(SA->get{upper}());\n")),
            Shape::Aligned => s.push_str(&format!(
                "    Record.push_back(SA->is{upper}Expr());\n    if (SA->is{upper}Expr())\n      Record.AddStmt(SA->get{upper}Expr());\n    else\n      Record.AddTypeSourceInfo(SA->get{upper}Type());\n"
            )),
            Shape::Enum(_) => s.push_str(&format!("Record.push_back(static_cast<uint64_t>(SA->get{upper}()));\n")),
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicOMPInteropInfo => s.push_str(&format!(
                "    Record.push_back(SA->{lower}_size());\n    for ({attr}Attr::{lower}_iterator I = SA->{lower}_begin(), E = SA->{lower}_end(); I != E; ++I) {{\n      Record.writeBool(I->IsTarget);\n      Record.writeBool(I->IsTargetSync);\n    }}\n"
            )),
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicEnum => {
                let full = self.enum_type().map(|e| e.full).unwrap_or_default();
                s.push_str(&format!(
                    "    Record.push_back(SA->{lower}_size());\n    for ({attr}Attr::{lower}_iterator i = SA->{lower}_begin(), e = SA->{lower}_end(); i != e; ++i)\n      {}",
                    self.write_record(&full, "(*i)")
                ))
            }
            Shape::Variadic(ty) => s.push_str(&format!(
                "    Record.push_back(SA->{lower}_size());\n    for (auto &Val : SA->{lower}())\n      {}",
                self.write_record(&ty, "Val")
            )),
        }
    }

    /// `writeTemplateInstantiation`: the statements that instantiate the argument of `A`
    /// before the instantiated attribute is made (expressions and types only).
    pub fn template_instantiation(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.arg.kind {
            ArgKind::Expr => s.push_str(&format!(
                "      Expr * tempInst{upper};\n      {{\n        EnterExpressionEvaluationContext Unevaluated(S, Sema::ExpressionEvaluationContext::Unevaluated);\n        ExprResult Result = S.SubstExpr(A->get{upper}(), TemplateArgs);\n        if (Result.isInvalid())\n          return nullptr;\n        tempInst{upper} = Result.get();\n      }}\n"
            )),
            ArgKind::VariadicExpr if self.form.subst_exprs => s.push_str(&format!(
                "      size_t numTempInst{upper};\n      Expr **tempInst{upper};\n      {{\n        EnterExpressionEvaluationContext Unevaluated(S, Sema::ExpressionEvaluationContext::Unevaluated);\n        ArrayRef<Expr *> ArgsToInstantiate(A->{lower}_begin(), A->{lower}_end());\n        SmallVector<Expr *, 4> InstArgs;\n        if (S.SubstExprs(ArgsToInstantiate, /*IsCall=*/false, TemplateArgs, InstArgs))\n          return nullptr;\n        numTempInst{upper} = InstArgs.size();\n        tempInst{upper} = new (C, 16) Expr *[numTempInst{upper}];\n        std::copy(InstArgs.begin(), InstArgs.end(), tempInst{upper});\n      }}\n"
            )),
            ArgKind::VariadicExpr => s.push_str(&format!(
                "      auto *tempInst{upper} = new (C, 16) Expr *[A->{lower}_size()];\n      {{\n        EnterExpressionEvaluationContext Unevaluated(S, Sema::ExpressionEvaluationContext::Unevaluated);\n        Expr * *TI = tempInst{upper};\n        Expr * *I = A->{lower}_begin();\n        Expr * *E = A->{lower}_end();\n        for (; I != E; ++I, ++TI) {{\n          ExprResult Result = S.SubstExpr(*I, TemplateArgs);\n          if (Result.isInvalid())\n            return nullptr;\n          *TI = Result.get();\n        }}\n      }}\n"
            )),
            ArgKind::Type => s.push_str(&format!(
                "      TypeSourceInfo * tempInst{upper} =\n        S.SubstType(A->get{upper}Loc(), TemplateArgs, A->getLoc(), A->getAttrName());\n      if (!tempInst{upper})\n        return nullptr;\n"
            )),
            _ => {}
        }
    }

    /// `writeTemplateInstantiationArgs`: what the instantiated attribute's constructor is
    /// passed for the argument.
    pub fn template_instantiation_args(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.arg.kind {
            // Aligned attributes are cloned, not instantiated.
            ArgKind::Aligned => {}
            ArgKind::Expr | ArgKind::Type => s.push_str(&format!("tempInst{upper}")),
            ArgKind::VariadicExpr if self.form.subst_exprs => {
                s.push_str(&format!("tempInst{upper}, numTempInst{upper}"))
            }
            ArgKind::VariadicExpr => s.push_str(&format!("tempInst{upper}, A->{lower}_size()")),
            _ if self.arg.is_variadic() => s.push_str(&format!("A->{lower}_begin(), A->{lower}_size()")),
            _ => s.push_str(&format!("A->get{upper}()")),
        }
    }

    /// `writeDump`: the statements of the text node dumper that print the argument of `SA`
    /// (expressions and attributes are its children instead).
    pub fn dump(&self, s: &mut String) {
        let (upper, lower, attr) = (self.upper(), self.lower(), self.attr);
        match self.shape() {
            Shape::Simple(_) if matches!(self.arg.kind, ArgKind::Expr | ArgKind::WrappedAttr) => {}
            Shape::Simple(ty) if ty.ends_with("Decl *") => {
                s.push_str(&format!("    OS << \" \";\n    dumpBareDeclRef(SA->get{upper}());\n"))
            }
            Shape::Simple(ty) if ty == self.form.identifier_type => s.push_str(&format!(
                "    if (SA->get{upper}())\n      OS << \" \" << SA->get{upper}()->getName();\n"
            )),
            Shape::Simple(ty) => match ty.as_str() {
                "TypeSourceInfo *" => {
                    if self.arg.optional {
                        s.push_str(&format!("    if (SA->get{upper}Loc())"));
                    }
                    s.push_str(&format!("    OS << \" \" << SA->get{upper}().getAsString();\n"));
                }
                "bool" => s.push_str(&format!("    if (SA->get{upper}()) OS << \" {upper}\";\n")),
                "ParamIdx" => {
                    if self.arg.optional {
                        s.push_str(&format!("    if (SA->get{upper}().isValid())\n  "));
                    }
                    s.push_str(&format!("    OS << \" \" << SA->get{upper}().getSourceIndex();\n"));
                }
                // int, unsigned, OMPTraitInfo *.
                _ => s.push_str(&format!("    OS << \" \" << SA->get{upper}();\n")),
            },
            Shape::String => s.push_str(&format!("    OS << \" \\\"\" << SA->get{upper}() << \"\\\"\";\n")),
            Shape::Version => s.push_str(&format!("    OS << \" \" << SA->get{upper}();\n")),
            Shape::Aligned => s.push_str(&format!(
                "    if (!SA->is{upper}Expr())\n      dumpType(SA->get{upper}Type()->getType());\n"
            )),
            Shape::Enum(e) => {
                s.push_str(&format!("    switch(SA->get{upper}()) {{\n"));
                for i in self.unique_enums() {
                    s.push_str(&format!("    case {}::{i}:\n      OS << \" {i}\";\n      break;\n", e.full));
                }
                self.unreachable_default(s);
                s.push_str("    }\n");
            }
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicExpr => {}
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicOMPInteropInfo => s.push_str(&format!(
                "    for ({attr}Attr::{lower}_iterator I = SA->{lower}_begin(), E = SA->{lower}_end(); I != E; ++I) {{\n      if (I->IsTarget && I->IsTargetSync)\n        OS << \" Target_TargetSync\";\n      else if (I->IsTarget)\n        OS << \" Target\";\n      else\n        OS << \" TargetSync\";\n    }}\n"
            )),
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicEnum => {
                let full = self.enum_type().map(|e| e.full).unwrap_or_default();
                s.push_str(&format!(
                    "    for ({attr}Attr::{lower}_iterator I = SA->{lower}_begin(), E = SA->{lower}_end(); I != E; ++I) {{\n      switch(*I) {{\n"
                ));
                for i in self.unique_enums() {
                    s.push_str(&format!("    case {full}::{i}:\n      OS << \" {i}\";\n      break;\n"));
                }
                self.unreachable_default(s);
                s.push_str("      }\n    }\n");
            }
            Shape::Variadic(_) => {
                s.push_str(&format!("    for (const auto &Val : SA->{lower}())\n"));
                if self.arg.kind == ArgKind::VariadicParamIdx {
                    s.push_str("      OS << \" \" << Val.getSourceIndex();\n");
                } else {
                    s.push_str("      OS << \" \" << Val;\n");
                }
            }
        }
    }

    /// A switch over an enum that does not cover every value ends in an unreachable default.
    fn unreachable_default(&self, s: &mut String) {
        if !self.arg.enumeration.as_ref().is_some_and(|e| e.is_covered) {
            s.push_str("    default:\n      llvm_unreachable(\"Invalid attribute value\");\n");
        }
    }

    /// `writeASTVisitorTraversal`: the statements of `RecursiveASTVisitor` that traverse the
    /// argument's expressions and types.
    pub fn ast_visitor_traversal(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.arg.kind {
            ArgKind::Aligned => s.push_str(&format!(
                "  if (A->is{upper}Expr()) {{\n    if (!getDerived().TraverseStmt(A->get{upper}Expr()))\n      return false;\n  }} else if (auto *TSI = A->get{upper}Type()) {{\n    if (!getDerived().TraverseTypeLoc(TSI->getTypeLoc()))\n      return false;\n  }}\n"
            )),
            ArgKind::Expr => s.push_str(&format!("  if (!getDerived().TraverseStmt(A->get{upper}()))\n    return false;\n")),
            ArgKind::VariadicExpr => s.push_str(&format!(
                "  {{\n    Expr * *I = A->{lower}_begin();\n    Expr * *E = A->{lower}_end();\n    for (; I != E; ++I) {{\n      if (!getDerived().TraverseStmt(*I))\n        return false;\n    }}\n  }}\n"
            )),
            ArgKind::Type => s.push_str(&format!(
                "  if (auto *TSI = A->get{upper}Loc())\n    if (!getDerived().TraverseTypeLoc(TSI->getTypeLoc()))\n      return false;\n"
            )),
            // The other kinds have nothing to traverse.
            _ => {}
        }
    }

    /// `writeDumpChildren`: the statements of the node traverser that visit the argument's
    /// expressions and attributes.
    pub fn dump_children(&self, s: &mut String) {
        let (upper, lower, attr) = (self.upper(), self.lower(), self.attr);
        match self.arg.kind {
            ArgKind::Aligned => s.push_str(&format!("    if (SA->is{upper}Expr())\n      Visit(SA->get{upper}Expr());\n")),
            ArgKind::Expr => s.push_str(&format!("    Visit(SA->get{upper}());\n")),
            ArgKind::VariadicExpr => s.push_str(&format!(
                "    for ({attr}Attr::{lower}_iterator I = SA->{lower}_begin(), E = SA->{lower}_end(); I != E; ++I)\n      Visit(*I);\n"
            )),
            ArgKind::WrappedAttr if self.form.wrapped_optional && self.arg.optional => {
                s.push_str(&format!("    if (auto *W = SA->get{upper}())\n      Visit(W);\n"))
            }
            ArgKind::WrappedAttr => s.push_str(&format!("    Visit(SA->get{upper}());\n")),
            // The other kinds have nothing to visit.
            _ => {}
        }
    }
}

/// What an argument writes in its attribute's class (the `Attr` subclass clang-tblgen declares
/// in `Attrs.inc` and defines in `AttrImpl.inc`): its members, constructor parts, accessors,
/// enum conversions, printing and (LLVM 23) comparison.
impl ArgCode<'_> {
    /// The element type of a variadic argument, the type of a simple one.
    fn variadic_type(&self) -> Option<String> {
        match self.shape() {
            Shape::Variadic(ty) => Some(ty),
            _ => None,
        }
    }

    /// A wrapped attribute written with LLVM 23's typed accessors.
    fn is_typed_wrapped(&self) -> bool {
        self.arg.kind == ArgKind::WrappedAttr && self.form.wrapped_typed
    }

    /// The enum declared in the class of a (variadic) enum argument whose type is its own.
    fn enum_declaration(&self, s: &mut String) {
        let Some(e) = self.arg.enumeration.as_ref().filter(|e| !e.is_external) else { return };
        s.push_str(&format!("public:\n  enum {} {{\n", e.type_name));
        let uniques = self.unique_enums();
        if let Some((last, rest)) = uniques.split_last() {
            for u in rest {
                s.push_str(&format!("    {u},\n"));
            }
            s.push_str(&format!("    {last}\n"));
        }
        s.push_str("  };\n");
    }

    /// `writeDeclarations`: the data members that hold the argument.
    pub fn declarations(&self, s: &mut String) {
        let lower = self.lower();
        match self.shape() {
            Shape::Simple(ty) => s.push_str(&format!("{ty} {lower};")),
            Shape::String => s.push_str(&format!("unsigned {lower}Length;\nchar *{lower};")),
            Shape::Aligned => s.push_str(&format!(
                "bool is{lower}Expr;\nunion {{\nExpr *{lower}Expr;\nTypeSourceInfo *{lower}Type;\n}};\nstd::optional<unsigned> {lower}Cache;\n"
            )),
            Shape::Version => s.push_str(&format!("VersionTuple {lower};\n")),
            Shape::Enum(e) => {
                self.enum_declaration(s);
                s.push_str(&format!("private:\n  {} {lower};", e.full));
            }
            Shape::Variadic(ty) => {
                if self.arg.kind == ArgKind::VariadicEnum {
                    self.enum_declaration(s);
                    s.push_str("private:\n");
                }
                s.push_str(&format!("  unsigned {lower}_Size;\n  {ty} *{lower}_;"));
            }
        }
    }

    /// `writeAccessors`: the accessors declared in the class.
    pub fn accessors(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::Simple(_) if self.is_typed_wrapped() => {
                s.push_str(&format!(
                    "  Attr *get{upper}() const {{\n    return {lower};\n  }}\n  void set{upper}(Attr *V) {{\n    {lower} = V;\n  }}"
                ));
                if let Some(ty) = self.arg.wrapped_type.filter(|t| !t.is_empty()) {
                    s.push_str(&format!(
                        "\n  {ty} *get{upper}As() const {{\n    return llvm::cast_or_null<{ty}>({lower});\n  }}\n  void set{upper}As({ty} *V) {{\n    {lower} = V;\n  }}"
                    ));
                }
            }
            Shape::Simple(ty) if self.arg.kind == ArgKind::Type => s.push_str(&format!(
                "  QualType get{upper}() const {{\n    return {lower}->getType();\n  }}  {ty} get{upper}Loc() const {{\n    return {lower};\n  }}"
            )),
            Shape::Simple(ty) => {
                s.push_str(&format!("  {ty} get{upper}() const {{\n    return {lower};\n  }}"));
                if let Some(default) = self.arg.default {
                    let value = match self.arg.kind {
                        ArgKind::DefaultBool => (if default != 0 { "true" } else { "false" }).to_string(),
                        _ => default.to_string(),
                    };
                    s.push_str(&format!("\n\n  static const {ty} Default{upper} = {value};"));
                }
            }
            Shape::String => s.push_str(&format!(
                "  llvm::StringRef get{upper}() const {{\n    return llvm::StringRef({lower}, {lower}Length);\n  }}\n  unsigned get{upper}Length() const {{\n    return {lower}Length;\n  }}\n  void set{upper}(ASTContext &C, llvm::StringRef S) {{\n    {lower}Length = S.size();\n    this->{lower} = new (C, 1) char [{lower}Length];\n    if (!S.empty())\n      std::memcpy(this->{lower}, S.data(), {lower}Length);\n  }}"
            )),
            Shape::Aligned => s.push_str(&format!(
                "  bool is{upper}Dependent() const;\n  bool is{upper}ErrorDependent() const;\n  unsigned get{upper}(ASTContext &Ctx) const;\n  bool is{upper}Expr() const {{\n    return is{lower}Expr;\n  }}\n  Expr *get{upper}Expr() const {{\n    assert(is{lower}Expr);\n    return {lower}Expr;\n  }}\n  TypeSourceInfo *get{upper}Type() const {{\n    assert(!is{lower}Expr);\n    return {lower}Type;\n  }}  std::optional<unsigned> getCached{upper}Value() const {{\n    return {lower}Cache;\n  }}  void setCached{upper}Value(unsigned AlignVal) {{\n    {lower}Cache = AlignVal;\n  }}"
            )),
            Shape::Version => s.push_str(&format!(
                "  VersionTuple get{upper}() const {{\n    return {lower};\n  }}\n  void set{upper}(ASTContext &C, VersionTuple V) {{\n    {lower} = V;\n  }}"
            )),
            Shape::Enum(e) => s.push_str(&format!("  {} get{upper}() const {{\n    return {lower};\n  }}", e.full)),
            Shape::Variadic(ty) => s.push_str(&format!(
                "  typedef {ty}* {lower}_iterator;\n  {lower}_iterator {lower}_begin() const {{ return {lower}_; }}\n  {lower}_iterator {lower}_end() const {{ return {lower}_ + {lower}_Size; }}\n  unsigned {lower}_size() const {{ return {lower}_Size; }}\n  llvm::iterator_range<{lower}_iterator> {lower}() const {{ return llvm::make_range({lower}_begin(), {lower}_end()); }}\n"
            )),
        }
    }

    /// `writeAccessorDefinitions`: the accessors defined out of the class (an aligned
    /// argument's dependence tests).
    pub fn accessor_definitions(&self, s: &mut String) {
        if self.arg.kind != ArgKind::Aligned {
            return;
        }
        let (upper, lower, attr) = (self.upper(), self.lower(), self.attr);
        s.push_str(&format!(
            "bool {attr}Attr::is{upper}Dependent() const {{\n  if (is{lower}Expr)\n    return {lower}Expr && ({lower}Expr->isValueDependent() || {lower}Expr->isTypeDependent());\n  else\n    return {lower}Type->getType()->isDependentType();\n}}\nbool {attr}Attr::is{upper}ErrorDependent() const {{\n  if (is{lower}Expr)\n    return {lower}Expr && {lower}Expr->containsErrors();\n  return {lower}Type->getType()->containsErrors();\n}}\n"
        ));
    }

    /// `writeSetter`: the setter of a variadic argument (the delayed arguments).
    pub fn setter(&self, s: &mut String) {
        let Some(ty) = self.variadic_type() else { return };
        let (upper, lower) = (self.upper(), self.lower());
        s.push_str(&format!("  void set{upper}(ASTContext &Ctx, "));
        self.ctor_parameters(s);
        s.push_str(&format!(
            ") {{\n    {lower}_Size = {upper}Size;\n    {lower}_ = new (Ctx, 16) {ty}[{lower}_Size];\n  "
        ));
        self.ctor_body(s);
        s.push_str("  }\n");
    }

    /// `writeCloneArgs`: what `clone` passes the constructor.
    pub fn clone_args(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::String | Shape::Version => s.push_str(&format!("get{upper}()")),
            Shape::Aligned => {
                s.push_str(&format!("is{lower}Expr, is{lower}Expr ? static_cast<void*>({lower}Expr) : {lower}Type"))
            }
            Shape::Variadic(_) => s.push_str(&format!("{lower}_, {lower}_Size")),
            Shape::Simple(_) | Shape::Enum(_) => s.push_str(lower),
        }
    }

    /// `writeCtorParameters`: the constructor's parameters for the argument.
    pub fn ctor_parameters(&self, s: &mut String) {
        let upper = self.upper();
        match self.shape() {
            Shape::Simple(ty) => s.push_str(&format!("{ty} {upper}")),
            Shape::String => s.push_str(&format!("llvm::StringRef {upper}")),
            Shape::Aligned => s.push_str(&format!("bool Is{upper}Expr, void *{upper}")),
            Shape::Version => s.push_str(&format!("VersionTuple {upper}")),
            Shape::Enum(e) => s.push_str(&format!("{} {upper}", e.full)),
            Shape::Variadic(ty) => s.push_str(&format!("{ty} *{upper}, unsigned {upper}Size")),
        }
    }

    /// `writeCtorInitializers`: the members' initializers from the parameters.
    pub fn ctor_initializers(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::String => {
                s.push_str(&format!("{lower}Length({upper}.size()),{lower}(new (Ctx, 1) char[{lower}Length])"))
            }
            Shape::Aligned => s.push_str(&format!("is{lower}Expr(Is{upper}Expr)")),
            Shape::Variadic(ty) => {
                s.push_str(&format!("{lower}_Size({upper}Size), {lower}_(new (Ctx, 16) {ty}[{lower}_Size])"))
            }
            Shape::Simple(_) | Shape::Version | Shape::Enum(_) => s.push_str(&format!("{lower}({upper})")),
        }
    }

    /// `writeCtorDefaultInitializers`: the members' initializers when the constructor does not
    /// take the argument.
    pub fn ctor_default_initializers(&self, s: &mut String) {
        let lower = self.lower();
        match self.shape() {
            Shape::String => s.push_str(&format!("{lower}Length(0),{lower}(nullptr)")),
            Shape::Aligned => s.push_str(&format!("is{lower}Expr(false)")),
            Shape::Variadic(_) => s.push_str(&format!("{lower}_Size(0), {lower}_(nullptr)")),
            Shape::Enum(e) => s.push_str(&format!("{lower}({}(0))", e.full)),
            Shape::Simple(_) | Shape::Version => s.push_str(&format!("{lower}()")),
        }
    }

    /// `writeCtorBody`: the constructor's statements that copy the argument in.
    pub fn ctor_body(&self, s: &mut String) {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::String => s.push_str(&format!(
                "    if (!{upper}.empty())\n      std::memcpy({lower}, {upper}.data(), {lower}Length);\n"
            )),
            Shape::Aligned => s.push_str(&format!(
                "    if (is{lower}Expr)\n       {lower}Expr = reinterpret_cast<Expr *>({upper});\n    else\n       {lower}Type = reinterpret_cast<TypeSourceInfo *>({upper});\n"
            )),
            Shape::Variadic(_) if self.arg.kind == ArgKind::VariadicString => s.push_str(&format!(
                "  for (size_t I = 0, E = {lower}_Size; I != E;\n       ++I) {{\n    StringRef Ref = {upper}[I];\n    if (!Ref.empty()) {{\n      char *Mem = new (Ctx, 1) char[Ref.size()];\n      std::memcpy(Mem, Ref.data(), Ref.size());\n      {lower}_[I] = StringRef(Mem, Ref.size());\n    }}\n  }}\n"
            )),
            Shape::Variadic(_) => s.push_str(&format!("  std::copy({upper}, {upper} + {lower}_Size, {lower}_);\n")),
            Shape::Simple(_) | Shape::Version | Shape::Enum(_) => {}
        }
    }

    /// `writeImplicitCtorArgs`: what the `Create` functions pass the constructor.
    pub fn implicit_ctor_args(&self, s: &mut String) {
        let upper = self.upper();
        match self.shape() {
            Shape::Aligned => s.push_str(&format!("Is{upper}Expr, {upper}")),
            Shape::Variadic(_) => s.push_str(&format!("{upper}, {upper}Size")),
            _ => s.push_str(upper),
        }
    }

    /// `getIsOmitted`: the test that an optional argument was left out, `false` where there is
    /// none.
    pub fn is_omitted(&self) -> String {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::Aligned => {
                format!("!((is{lower}Expr && {lower}Expr) || (!is{lower}Expr && {lower}Type))")
            }
            Shape::Simple(_) if self.arg.kind == ArgKind::WrappedAttr => {
                if self.form.wrapped_optional && self.arg.optional {
                    format!("!get{upper}()")
                } else {
                    "false".to_string()
                }
            }
            Shape::Simple(ty) if ty == "Expr *" || ty == self.form.identifier_type => format!("!get{upper}()"),
            Shape::Simple(ty) if ty == "TypeSourceInfo *" => format!("!get{upper}Loc()"),
            Shape::Simple(ty) if ty == "ParamIdx" => format!("!get{upper}().isValid()"),
            _ => "false".to_string(),
        }
    }

    /// `writeValue`: what `printPretty` prints for the argument, inside a string literal
    /// (`OS << "` before, `"` after).
    pub fn value(&self, s: &mut String) {
        let (upper, lower, attr) = (self.upper(), self.lower(), self.attr);
        match self.shape() {
            Shape::Simple(_) if self.is_typed_wrapped() => {}
            Shape::Simple(_) if self.arg.kind == ArgKind::Expr => {
                s.push_str(&format!("\";\n    get{upper}()->printPretty(OS, nullptr, Policy);\n    OS << \""))
            }
            Shape::Simple(ty) => {
                let value = match ty.as_str() {
                    "FunctionDecl *" => format!("get{upper}()->getNameInfo().getAsString()"),
                    "VarDecl *" => format!("get{upper}()->getName()"),
                    "TypeSourceInfo *" => format!("get{upper}().getAsString()"),
                    "ParamIdx" => format!("get{upper}().getSourceIndex()"),
                    _ if ty == self.form.identifier_type => {
                        format!("(get{upper}() ? get{upper}()->getName() : \"\")")
                    }
                    _ => format!("get{upper}()"),
                };
                s.push_str(&format!("\" << {value} << \""));
            }
            Shape::String => s.push_str(&format!("\\\"\" << get{upper}() << \"\\\"")),
            Shape::Aligned => s.push_str(&format!(
                "\";\n    if (is{lower}Expr && {lower}Expr)      {lower}Expr->printPretty(OS, nullptr, Policy);\n    if (!is{lower}Expr && {lower}Type)      {lower}Type->getType().print(OS, Policy);\n    OS << \""
            )),
            Shape::Version => s.push_str(&format!("{lower}=\" << get{upper}() << \"")),
            Shape::Enum(e) => {
                s.push_str(&format!("\\\"\" << {attr}Attr::Convert{}ToStr(get{upper}()) << \"\\\"", e.short))
            }
            Shape::Variadic(_) => {
                s.push_str(&format!(
                    "\";\n  for (const auto &Val : {lower}()) {{\n    DelimitAttributeArgument(OS, IsFirstArgument);\n"
                ));
                match self.arg.kind {
                    ArgKind::VariadicParamIdx => s.push_str("    OS << Val.getSourceIndex();\n"),
                    ArgKind::VariadicString => s.push_str("    OS << \"\\\"\" << Val << \"\\\"\";\n"),
                    ArgKind::VariadicEnum => {
                        let short = self.enum_type().map_or("", |e| e.short);
                        s.push_str(&format!("    OS << \"\\\"\" << {attr}Attr::Convert{short}ToStr(Val)<< \"\\\"\";\n"))
                    }
                    _ => s.push_str("    OS << Val;\n"),
                }
                s.push_str("  }\n  OS << \"");
            }
        }
    }

    /// `writeConversion(OS, true)`: the declarations of a (variadic) enum argument's
    /// conversions from and to strings; nothing for other arguments.
    pub fn conversion_declarations(&self, s: &mut String) {
        if !matches!(self.arg.kind, ArgKind::Enum | ArgKind::VariadicEnum) {
            return;
        }
        let Some(EnumType { full, short }) = self.enum_type() else { return };
        s.push_str(&format!(
            "  static bool ConvertStrTo{short}(StringRef Val, {full} &Out);\n  static const char *Convert{short}ToStr({full} Val);\n"
        ));
    }

    /// `writeConversion(OS, false)`: the definitions of those conversions.
    pub fn conversion_definitions(&self, s: &mut String) {
        if !matches!(self.arg.kind, ArgKind::Enum | ArgKind::VariadicEnum) {
            return;
        }
        let (Some(EnumType { full, short }), Some(e)) = (self.enum_type(), self.arg.enumeration.as_ref()) else {
            return;
        };
        let attr = self.attr;
        s.push_str(&format!(
            "bool {attr}Attr::ConvertStrTo{short}(StringRef Val, {full} &Out) {{\n  std::optional<{full}> R = llvm::StringSwitch<std::optional<{full}>>(Val)\n"
        ));
        // clang-tblgen indexes `Values` by the position of each of `Enums`.
        for (value, enumerator) in e.values.iter().zip(&e.enums) {
            s.push_str(&format!("    .Case(\"{value}\", {full}::{enumerator})\n"));
        }
        s.push_str(&format!(
            "    .Default(std::optional<{full}>());\n  if (R) {{\n    Out = *R;\n      return true;\n    }}\n  return false;\n}}\n\n"
        ));
        s.push_str(&format!("const char *{attr}Attr::Convert{short}ToStr({full} Val) {{\n  switch(Val) {{\n"));
        let mut seen = Vec::new();
        for (value, enumerator) in e.values.iter().zip(&e.enums) {
            if !seen.contains(enumerator) {
                seen.push(*enumerator);
                s.push_str(&format!("  case {full}::{enumerator}: return \"{value}\";\n"));
            }
        }
        if !e.is_covered {
            s.push_str("  default: llvm_unreachable(\"Invalid attribute value\");\n");
        }
        s.push_str("  }\n  llvm_unreachable(\"No enumerator with that value\");\n}\n");
    }

    /// `emitAttrArgEqualityCheck` (LLVM 23): the test that `Other`'s argument equals this one.
    pub fn equality_check(&self) -> String {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::Aligned => {
                format!("equalAttrArgs(get{upper}(Context.FromCtx), Other.get{upper}(Context.ToCtx), Context)")
            }
            Shape::Variadic(_) => format!(
                "equalAttrArgs({lower}_begin(), {lower}_end(), Other.{lower}_begin(), Other.{lower}_end(), Context)"
            ),
            _ => format!("equalAttrArgs(get{upper}(), Other.get{upper}(), Context)"),
        }
    }

    /// `emitAttrArgProfileCall` (LLVM 23): the call that adds the argument to a profile.
    pub fn profile_call(&self) -> String {
        let (upper, lower) = (self.upper(), self.lower());
        match self.shape() {
            Shape::Variadic(_) => format!("profileAttrArg(ID, Ctx, {lower}_begin(), {lower}_end())"),
            _ => format!("profileAttrArg(ID, Ctx, get{upper}())"),
        }
    }
}

/// The `Visit` methods of the AST dumper (`EmitClangAttrTextNodeDump`,
/// `EmitClangAttrNodeTraverse`): for each AST attribute, what `first` writes, then what `write`
/// writes for each argument and the delayed arguments of one that accepts an expression pack;
/// a method only for the attributes with something written.
pub fn visit_methods(
    input: &Evaluation,
    release: Release,
    s: &mut String,
    first: impl Fn(RecId, &mut String) -> Result<(), Fatal>,
    write: impl Fn(&ArgCode, &mut String),
) -> Result<(), Fatal> {
    let f = Fields { input };
    for &attr in attributes(input)?.iter() {
        if !f.bit(attr, "ASTNode")? {
            continue;
        }
        let name = f.name(attr);
        let mut body = String::new();
        first(attr, &mut body)?;
        let args = known_arguments(input, attr)?;
        for argument in &args {
            write(&ArgCode::new(argument, name, release), &mut body);
        }
        if f.bit(attr, "AcceptsExprPack")? {
            let delayed = Argument::named("DelayedArgs", ArgKind::VariadicExpr);
            write(&ArgCode::new(&delayed, name, release), &mut body);
        }
        if body.is_empty() {
            continue;
        }
        s.push_str(&format!("  void Visit{name}Attr(const {name}Attr *A) {{\n"));
        if !args.is_empty() {
            s.push_str(&format!("    const auto *SA = cast<{name}Attr>(A); (void)SA;\n"));
        }
        s.push_str(&body);
        s.push_str("  }\n");
    }
    Ok(())
}
