//! An AST attribute's C++ class as clang-tblgen's `emitAttributes` writes it: its declaration
//! (`-gen-clang-attr-classes`, `Attrs.inc`) and its members' definitions
//! (`-gen-clang-attr-impl`, `AttrImpl.inc`) come from one walk over the attributes, each
//! argument's part written through [`ArgCode`].

use super::attr_args::ArgCode;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::clang::arguments::{arg_class, known_arguments, ArgKind, Argument};
use tdq_models::clang::attributes::{
    attr_superclass, attributes, elides_spelling, flattened_spellings, is_regular_keyword, late_parse_kind,
    semantic_spelling_names, spelling_list_index, FlattenedSpelling, LateParseKind, ParsedAttrs,
};
use tdq_models::{Fatal, Fields};

/// Which half of the class is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The class declarations (`-gen-clang-attr-classes`).
    Declaration,
    /// The out-of-class member definitions (`-gen-clang-attr-impl`).
    Definition,
}

/// What a release writes differently in the classes.
pub struct ClassForm {
    /// What comes between `class` and the class's name (`CLANG_ABI `, LLVM 20).
    pub class_abi: &'static str,
    /// A blank line after the declarations' include guard (LLVM 19).
    pub guard_blank_line: bool,
    /// Each class has `isEquivalent` and `Profile`, and `Attr` dispatches them (LLVM 23).
    pub equivalence: bool,
}

const FORM_22: ClassForm = ClassForm { class_abi: "CLANG_ABI ", guard_blank_line: false, equivalence: false };
pub const CLASS_FORM: ByRelease<ClassForm> = ByRelease {
    v19: ClassForm { class_abi: "", guard_blank_line: true, ..FORM_22 },
    v22: FORM_22,
    v23: ClassForm { equivalence: true, ..FORM_22 },
};

/// The helper that prints an opening parenthesis before the first argument and a comma
/// before the others, at the top of either file.
const DELIMIT_ATTRIBUTE_ARGUMENT: &str = "static inline void DelimitAttributeArgument(raw_ostream& OS, bool& IsFirst) {\n  if (IsFirst) {\n    IsFirst = false;\n    OS << \"(\";\n  } else\n    OS << \", \";\n}\n";

/// The last direct superclass of argument def `arg` is one of `classes`.
fn arg_is(input: &Evaluation, arg: RecId, classes: &[&str]) -> bool {
    arg_class(input, arg).is_some_and(|c| classes.contains(&c))
}

/// `emitAttributes`: every AST attribute's class, the part `part`.
pub fn emit_attributes(input: &Evaluation, release: Release, part: Part, s: &mut String) -> Result<(), Fatal> {
    let f = Fields { input };
    // clang-tblgen lists the parsed attributes to find each one's kind, but looks for a copy of
    // the attribute's record, which it never finds: every attribute's common info is made with
    // `NoSemaHandlerAttribute`. Listing them still reads their fields.
    ParsedAttrs::new(input, true)?;
    s.push_str(DELIMIT_ATTRIBUTE_ARGUMENT);
    for &attr in attributes(input)?.iter() {
        // clang-tblgen insists that every attribute has documentation, AST node or not.
        f.defs(attr, "Documentation")?;
        if !f.bit(attr, "ASTNode")? {
            continue;
        }
        AttrClass::new(input, release, attr)?.emit(part, s)?;
    }
    Ok(())
}

/// One attribute's class, as `emitAttributes` sees it.
struct AttrClass<'a> {
    input: &'a Evaluation,
    release: Release,
    attr: RecId,
    name: &'static str,
    super_name: &'static str,
    inheritable: bool,
    args: Vec<Argument>,
    /// The `DelayedArgs` of one that accepts an expression pack.
    delayed: Option<Argument>,
    spellings: Vec<FlattenedSpelling>,
    /// The `Spelling` enumerator of each spelling, when there are several.
    semantic: Vec<String>,
    elide_spelling: bool,
}

/// Which of the `Create` factories is written.
#[derive(Clone, Copy)]
struct Factory {
    implicit: bool,
    delayed_args_only: bool,
    with_fake: bool,
}

impl<'a> AttrClass<'a> {
    fn new(input: &'a Evaluation, release: Release, attr: RecId) -> Result<Self, Fatal> {
        let f = Fields { input };
        let name = f.name(attr);
        let (super_name, inheritable) = attr_superclass(input, attr);
        let arg_records = f.defs(attr, "Args")?;
        let accepts_pack = f.bit(attr, "AcceptsExprPack")?;
        if accepts_pack {
            let fatal = |message: &str| Fatal::new(&input.records.get(attr).locs, message);
            for (i, &arg) in arg_records.iter().enumerate() {
                let identifier = &["IdentifierArgument", "EnumArgument", "VariadicEnumArgument"];
                let variadic_identifier = &["VariadicIdentifierArgument", "VariadicParamOrParamIdxArgument"];
                if arg_is(input, arg, identifier)
                    || arg_is(input, arg, variadic_identifier)
                    || arg_is(input, arg, &["TypeArgument"])
                {
                    return Err(fatal("Attributes accepting packs cannot also have identifier or type arguments."));
                }
                if i + 1 < arg_records.len() && arg_is(input, arg, &["VariadicExprArgument"]) {
                    return Err(fatal("Attributes accepting packs can only have the last argument be variadic."));
                }
            }
        }
        let args = known_arguments(input, attr)?;
        let delayed = accepts_pack.then(|| Argument::named("DelayedArgs", ArgKind::VariadicExpr));
        let spellings = flattened_spellings(input, attr)?;
        let semantic = if spellings.len() > 1 { semantic_spelling_names(&spellings) } else { Vec::new() };
        let elide_spelling = elides_spelling(&spellings);
        Ok(AttrClass {
            input,
            release,
            attr,
            name,
            super_name,
            inheritable,
            args,
            delayed,
            spellings,
            semantic,
            elide_spelling,
        })
    }

    fn code<'b>(&'b self, arg: &'b Argument) -> ArgCode<'b> {
        ArgCode::new(arg, self.name, self.release)
    }

    fn args(&self) -> impl Iterator<Item = ArgCode<'_>> {
        self.args.iter().map(|a| self.code(a))
    }

    fn delayed(&self) -> Option<ArgCode<'_>> {
        self.delayed.as_ref().map(|a| self.code(a))
    }

    fn emit(&self, part: Part, s: &mut String) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let form = CLASS_FORM.get(self.release);
        let name = self.name;
        let header = part == Part::Declaration;
        if header {
            s.push_str(&format!("class {}{name}Attr : public {} {{\n", form.class_abi, self.super_name));
            for arg in self.args().chain(self.delayed()) {
                arg.declarations(s);
                s.push_str("\n\n");
            }
            s.push_str("public:\n");
            if !self.semantic.is_empty() {
                s.push_str(&semantic_spelling_enum(&self.semantic));
            }
            s.push_str("  // Factory methods\n");
        } else {
            s.push_str(&format!("\n// {name}Attr implementation\n\n"));
        }
        let has_fake = self.args.iter().any(|a| a.fake);
        let has_optional = self.args.iter().any(|a| !a.fake && a.optional);
        self.factories(part, Factory { implicit: false, delayed_args_only: false, with_fake: true }, s)?;
        if has_fake {
            self.factories(part, Factory { implicit: false, delayed_args_only: false, with_fake: false }, s)?;
        }
        if self.delayed.is_some() {
            self.factories(part, Factory { implicit: false, delayed_args_only: true, with_fake: false }, s)?;
        }

        if header {
            s.push_str("\n  // Constructors\n");
        }
        self.constructor(part, Ctor::All, s)?;
        if has_fake {
            self.constructor(part, Ctor::NoFake, s)?;
        }
        if has_optional {
            self.constructor(part, Ctor::Required, s)?;
        }
        let has_required = self.args.iter().any(|a| !a.fake && !a.optional);
        if self.delayed.is_some() && has_required {
            self.constructor(part, Ctor::NoArgs, s)?;
        }

        if header {
            s.push_str(&format!("\n  {name}Attr *clone(ASTContext &C) const;\n"));
            s.push_str(
                "  void printPretty(raw_ostream &OS,\n                   const PrintingPolicy &Policy) const;\n",
            );
            s.push_str("  const char *getSpelling() const;\n");
        }
        if !self.elide_spelling {
            if header {
                s.push_str("  Spelling getSemanticSpelling() const;\n");
            } else {
                s.push_str(&format!("{name}Attr::Spelling {name}Attr::getSemanticSpelling() const {{\n"));
                semantic_spelling_switch("getAttributeSpellingListIndex()", &self.semantic, s);
                s.push_str("}\n");
            }
        }
        if header {
            self.spelling_accessors(s)?;
        }
        for arg in self.args() {
            match part {
                Part::Declaration => arg.accessors(s),
                Part::Definition => arg.accessor_definitions(s),
            }
            s.push_str("\n\n");
            if arg.arg.fake {
                continue;
            }
            match part {
                Part::Declaration => arg.conversion_declarations(s),
                Part::Definition => arg.conversion_definitions(s),
            }
        }
        if form.equivalence {
            self.equivalence(part, s)?;
        }
        match part {
            Part::Declaration => {
                if let Some(delayed) = self.delayed() {
                    delayed.accessors(s);
                    delayed.setter(s);
                }
                s.push_str(f.string(self.attr, "AdditionalMembers")?);
                s.push_str(&format!(
                    "\n\n  static bool classof(const Attr *A) {{ return A->getKind() == attr::{name}; }}\n}};\n\n"
                ));
            }
            Part::Definition => {
                if let Some(delayed) = self.delayed() {
                    delayed.accessor_definitions(s);
                }
                s.push_str(&format!(
                    "{name}Attr *{name}Attr::clone(ASTContext &C) const {{\n  auto *A = new (C) {name}Attr(C, *this"
                ));
                for arg in self.args() {
                    s.push_str(", ");
                    arg.clone_args(s);
                }
                s.push_str(");\n  A->Inherited = Inherited;\n  A->IsPackExpansion = IsPackExpansion;\n  A->setImplicit(Implicit);\n");
                if let Some(delayed) = self.delayed() {
                    s.push_str("  A->setDelayedArgs(C, ");
                    delayed.clone_args(s);
                    s.push_str(");\n");
                }
                s.push_str("  return A;\n}\n\n");
                self.pretty_print(s)?;
                self.get_spelling(s);
            }
        }
        Ok(())
    }

    /// The four `Create` factories of one kind: `CreateImplicit` and `Create`, from a
    /// `AttributeCommonInfo` and from a range and a spelling.
    fn factories(&self, part: Part, factory: Factory, s: &mut String) -> Result<(), Fatal> {
        for implicit in [true, false] {
            self.create(part, Factory { implicit, ..factory }, s);
        }
        for implicit in [true, false] {
            self.create_no_common_info(part, Factory { implicit, ..factory }, s)?;
        }
        Ok(())
    }

    /// The start of a factory's signature: `static XAttr *CreateImplicit(ASTContext &Ctx, ...`.
    fn factory_head(&self, part: Part, factory: Factory, s: &mut String) {
        let name = self.name;
        match part {
            Part::Declaration => s.push_str(&format!("  static {name}Attr *")),
            Part::Definition => s.push_str(&format!("{name}Attr *{name}Attr::")),
        }
        s.push_str(&factory_name(factory));
        s.push_str("(ASTContext &Ctx");
        self.factory_args(factory, s, |a, s| a.ctor_parameters(s));
    }

    /// `, ` and what `write` writes of each argument the factory takes.
    fn factory_args(&self, factory: Factory, s: &mut String, write: impl Fn(&ArgCode, &mut String)) {
        if factory.delayed_args_only {
            if let Some(delayed) = self.delayed() {
                s.push_str(", ");
                write(&delayed, s);
            }
            return;
        }
        for arg in self.args() {
            if arg.arg.fake && !factory.with_fake {
                continue;
            }
            s.push_str(", ");
            write(&arg, s);
        }
    }

    fn create(&self, part: Part, factory: Factory, s: &mut String) {
        self.factory_head(part, factory, s);
        s.push_str(", const AttributeCommonInfo &CommonInfo)");
        if part == Part::Declaration {
            s.push_str(";\n");
            return;
        }
        s.push_str(&format!(" {{\n  auto *A = new (Ctx) {}Attr(Ctx, CommonInfo", self.name));
        if !factory.delayed_args_only {
            self.factory_args(factory, s, |a, s| a.implicit_ctor_args(s));
        }
        s.push_str(");\n");
        if factory.implicit {
            s.push_str("  A->setImplicit(true);\n");
        }
        if factory.implicit || self.elide_spelling {
            s.push_str(
                "  if (!A->isAttributeSpellingListCalculated() && !A->getAttrName())\n    A->setAttributeSpellingListIndex(0);\n",
            );
        }
        if factory.delayed_args_only {
            if let Some(delayed) = self.delayed() {
                s.push_str("  A->setDelayedArgs(Ctx, ");
                delayed.implicit_ctor_args(s);
                s.push_str(");\n");
            }
        }
        s.push_str("  return A;\n}\n\n");
    }

    fn create_no_common_info(&self, part: Part, factory: Factory, s: &mut String) -> Result<(), Fatal> {
        let header = part == Part::Declaration;
        self.factory_head(part, factory, s);
        s.push_str(", SourceRange Range");
        if header {
            s.push_str(" = {}");
        }
        if self.spellings.len() > 1 {
            s.push_str(", Spelling S");
            if header {
                s.push_str(&format!(" = {}", self.semantic[0]));
            }
        }
        s.push(')');
        if header {
            s.push_str(";\n");
            return Ok(());
        }
        s.push_str(" {\n  AttributeCommonInfo I(Range, NoSemaHandlerAttribute");
        match self.spellings.as_slice() {
            [] => s.push_str(", AttributeCommonInfo::Form::Implicit()"),
            [only] => {
                s.push_str(", ");
                form_initializer(self.input, only, "0", s)?;
            }
            [first, ..] => {
                s.push_str(", [&]() {\n    switch (S) {\n");
                let mut seen = Vec::new();
                for (spelling, name) in self.spellings.iter().zip(&self.semantic) {
                    if seen.contains(&name) {
                        continue;
                    }
                    seen.push(name);
                    s.push_str(&format!("    case {name}:\n      return AttributeCommonInfo::Form"));
                    form_initializer(self.input, spelling, name, s)?;
                    s.push_str(";\n");
                }
                s.push_str("    default:\n      llvm_unreachable(\"Unknown attribute spelling!\");\n      return AttributeCommonInfo::Form");
                form_initializer(self.input, first, "0", s)?;
                s.push_str(";\n    }\n  }()");
            }
        }
        s.push_str(&format!(");\n  return {}(Ctx", factory_name(factory)));
        self.factory_args(factory, s, |a, s| a.implicit_ctor_args(s));
        s.push_str(", I);\n}\n\n");
        Ok(())
    }

    /// One of the constructors: which arguments it takes.
    fn constructor(&self, part: Part, ctor: Ctor, s: &mut String) -> Result<(), Fatal> {
        let name = self.name;
        let takes = |arg: &Argument| match ctor {
            Ctor::NoArgs => false,
            _ if arg.fake => ctor == Ctor::All,
            _ if arg.optional => matches!(ctor, Ctor::All | Ctor::NoFake),
            _ => true,
        };
        match part {
            Part::Declaration => s.push_str("  "),
            Part::Definition => s.push_str(&format!("{name}Attr::")),
        }
        s.push_str(&format!("{name}Attr(ASTContext &Ctx, const AttributeCommonInfo &CommonInfo\n"));
        for arg in self.args().filter(|a| takes(a.arg)) {
            s.push_str("              , ");
            arg.ctor_parameters(s);
            s.push('\n');
        }
        s.push_str("             )");
        if part == Part::Declaration {
            s.push_str(";\n");
            return Ok(());
        }
        // Standard and ExperimentalExt attributes alike say they are parsed late.
        let late = late_parse_kind(self.input, self.attr)? != LateParseKind::Never;
        s.push_str(&format!("\n  : {}(Ctx, CommonInfo, attr::{name}, /*IsLateParsed=*/{late}", self.super_name));
        if self.inheritable {
            let even_if_present = Fields { input: self.input }.bit(self.attr, "InheritEvenIfAlreadyPresent")?;
            s.push_str(&format!(", {even_if_present}"));
        }
        s.push_str(")\n");
        for arg in self.args() {
            s.push_str("              , ");
            if takes(arg.arg) {
                arg.ctor_initializers(s);
            } else {
                arg.ctor_default_initializers(s);
            }
            s.push('\n');
        }
        if let Some(delayed) = self.delayed() {
            s.push_str("              , ");
            delayed.ctor_default_initializers(s);
            s.push('\n');
        }
        s.push_str("  {\n");
        for arg in self.args().filter(|a| takes(a.arg)) {
            arg.ctor_body(s);
        }
        s.push_str("}\n\n");
        Ok(())
    }

    /// `writeAttrAccessorDefinition`: a test for each `Accessor`, by the indexes of its
    /// spellings among the attribute's.
    fn spelling_accessors(&self, s: &mut String) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        for accessor in f.defs(self.attr, "Accessors")? {
            let name = f.string(accessor, "Name")?;
            let spellings = flattened_spellings(self.input, accessor)?;
            s.push_str(&format!("  bool {name}() const {{ return getAttributeSpellingListIndex() == "));
            for (i, spelling) in spellings.iter().enumerate() {
                let index = spelling_list_index(&self.spellings, spelling)
                    .ok_or_else(|| Fatal::new(&[], format!("Unknown spelling: {}", spelling.name)))?;
                s.push_str(&index.to_string());
                if i + 1 != spellings.len() {
                    s.push_str(" ||\n    getAttributeSpellingListIndex() == ");
                } else {
                    s.push_str("; }\n");
                }
            }
        }
        Ok(())
    }

    /// `isEquivalent` and `Profile` (LLVM 23): argument by argument unless the attribute
    /// names its own `comparisonFn` and `profileFn`.
    fn equivalence(&self, part: Part, s: &mut String) -> Result<(), Fatal> {
        let f = Fields { input: self.input };
        let name = self.name;
        let equivalent = format!("isEquivalent(const {name}Attr &Other, StructuralEquivalenceContext &Context) const");
        match part {
            Part::Declaration => s.push_str(&format!("  bool {equivalent};\n")),
            Part::Definition => {
                s.push_str(&format!("bool {name}Attr::{equivalent} {{\n"));
                let custom = f.string(self.attr, "comparisonFn")?;
                if custom.is_empty() {
                    if !self.elide_spelling {
                        s.push_str("  if (getSpelling() != Other.getSpelling()) return false;\n\n");
                    }
                    for arg in self.args() {
                        s.push_str(&format!("  if (!{})\n    return false;\n", arg.equality_check()));
                    }
                    s.push_str("  return true;\n");
                } else {
                    s.push_str(&format!("  return {custom}(*this, Other, Context);\n"));
                }
                s.push_str("}\n\n");
            }
        }
        let profile = "Profile(llvm::FoldingSetNodeID &ID, const ASTContext &Ctx) const";
        match part {
            Part::Declaration => s.push_str(&format!("  void {profile};\n")),
            Part::Definition => {
                s.push_str(&format!("void {name}Attr::{profile} {{\n"));
                let custom = f.string(self.attr, "profileFn")?;
                if custom.is_empty() {
                    for arg in self.args() {
                        s.push_str(&format!("  {};\n", arg.profile_call()));
                    }
                } else {
                    s.push_str(&format!("  {custom}(*this, ID, Ctx);\n"));
                }
                s.push_str("}\n\n");
            }
        }
        Ok(())
    }

    /// `writePrettyPrintFunction`: `printPretty`, one case per spelling, which writes the
    /// spelling with the arguments given (those left out at the end not at all).
    fn pretty_print(&self, s: &mut String) -> Result<(), Fatal> {
        let name = self.name;
        s.push_str(&format!("void {name}Attr::printPretty(raw_ostream &OS, const PrintingPolicy &Policy) const {{\n"));
        if self.spellings.is_empty() {
            s.push_str("}\n\n");
            return Ok(());
        }
        s.push_str("  bool IsFirstArgument = true; (void)IsFirstArgument;\n  unsigned TrailingOmittedArgs = 0; (void)TrailingOmittedArgs;\n  switch (getAttributeSpellingListIndex()) {\n  default:\n    llvm_unreachable(\"Unknown attribute spelling!\");\n    break;\n");
        for (i, spelling) in self.spellings.iter().enumerate() {
            let scope = spelling.namespace;
            let (prefix, suffix, spelled) = match spelling.variety {
                "GNU" => ("__attribute__((", "))", spelling.name.to_string()),
                "CXX11" | "C23" if !scope.is_empty() => ("[[", "]]", format!("{scope}::{}", spelling.name)),
                "CXX11" | "C23" => ("[[", "]]", spelling.name.to_string()),
                "Declspec" => ("__declspec(", ")", spelling.name.to_string()),
                "Microsoft" => ("[", "]", spelling.name.to_string()),
                "Keyword" => ("", "", spelling.name.to_string()),
                // A pragma's case ends before its suffix, a new line.
                "Pragma" if !scope.is_empty() => ("#pragma ", "", format!("{scope} {}", spelling.name)),
                "Pragma" => ("#pragma ", "", spelling.name.to_string()),
                "HLSLAnnotation" => (":", "", spelling.name.to_string()),
                other => {
                    // clang-tblgen stops at an `llvm_unreachable`.
                    let locs = &self.input.records.get(spelling.record).locs;
                    return Err(Fatal::new(locs, format!("Unknown attribute syntax variety '{other}'!")));
                }
            };
            s.push_str(&format!("  case {i} : {{\n    OS << \"{prefix}{spelled}\";\n"));
            if spelling.variety == "Pragma" {
                s.push_str("    printPrettyPragma(OS, Policy);\n    OS << \"\\n\";    break;\n  }\n");
                continue;
            }
            if spelled == "availability" {
                s.push_str("    OS << \"(\" << getPlatform()->getName();\n  if (getStrict()) OS << \", strict\";\n  if (!getIntroduced().empty()) OS << \", introduced=\" << getIntroduced();\n  if (!getDeprecated().empty()) OS << \", deprecated=\" << getDeprecated();\n  if (!getObsoleted().empty()) OS << \", obsoleted=\" << getObsoleted();\n  if (getUnavailable()) OS << \", unavailable\";\n  OS << \")\";\n");
            } else if spelled == "deprecated" || spelled == "gnu::deprecated" {
                s.push_str("    OS << \"(\\\"\" << getMessage() << \"\\\"\";\n");
                // Only GNU's deprecated has a replacement, the second argument.
                if spelling.variety == "GNU" {
                    s.push_str(
                        "    if (!getReplacement().empty()) OS << \", \\\"\" << getReplacement() << \"\\\"\";\n",
                    );
                }
                s.push_str("    OS << \")\";\n");
            } else {
                self.print_arguments(s);
            }
            s.push_str(&format!("    OS << \"{suffix}\";\n    break;\n  }}\n"));
        }
        s.push_str("}\n}\n\n");
        Ok(())
    }

    /// The arguments of a spelling's case in `printPretty`: the optional ones after the last
    /// that is always printed count as omitted when left out; each is printed unless omitted.
    fn print_arguments(&self, s: &mut String) {
        let printed: Vec<ArgCode> = self.args().filter(|a| !a.arg.fake).collect();
        for arg in printed.iter().rev() {
            let omitted = arg.is_omitted();
            // "false": there is no telling whether it was left out.
            if !arg.arg.optional || omitted == "false" {
                break;
            }
            s.push_str(&format!("    if ({omitted})\n      ++TrailingOmittedArgs;\n"));
        }
        for arg in &printed {
            let omitted = arg.is_omitted();
            let conditional = arg.arg.optional && omitted != "false";
            if conditional {
                s.push_str(&format!("    if (!({omitted})) {{\n"));
            }
            // Variadic arguments print their own commas.
            if !arg.arg.is_variadic() {
                s.push_str("    DelimitAttributeArgument(OS, IsFirstArgument);\n");
            }
            s.push_str("    OS << \"");
            arg.value(s);
            s.push_str("\";\n");
            if conditional {
                s.push_str("    }\n");
            }
        }
        if !printed.is_empty() {
            s.push_str("    if (!IsFirstArgument)\n      OS << \")\";\n");
        }
    }

    /// `writeGetSpellingFunction`: `getSpelling`, the name of each spelling.
    fn get_spelling(&self, s: &mut String) {
        s.push_str(&format!("const char *{}Attr::getSpelling() const {{\n", self.name));
        if self.spellings.is_empty() {
            s.push_str("  return \"(No spelling)\";\n}\n\n");
            return;
        }
        s.push_str("  switch (getAttributeSpellingListIndex()) {\n  default:\n    llvm_unreachable(\"Unknown attribute spelling!\");\n    return \"(No spelling)\";\n");
        for (i, spelling) in self.spellings.iter().enumerate() {
            s.push_str(&format!("  case {i}:\n    return \"{}\";\n", spelling.name));
        }
        s.push_str("  }\n}\n\n");
    }
}

/// The constructors, by the arguments they take.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctor {
    /// Every argument (for cloning).
    All,
    /// All but the fake ones.
    NoFake,
    /// Those neither fake nor optional.
    Required,
    /// None (for delayed arguments).
    NoArgs,
}

/// `CreateImplicit`, `Create`, `CreateImplicitWithDelayedArgs`, ...
fn factory_name(factory: Factory) -> String {
    let mut name = "Create".to_string();
    if factory.implicit {
        name.push_str("Implicit");
    }
    if factory.delayed_args_only {
        name.push_str("WithDelayedArgs");
    }
    name
}

/// `emitFormInitializer`: an `AttributeCommonInfo::Form` of a spelling, its index as given.
fn form_initializer(
    input: &Evaluation,
    spelling: &FlattenedSpelling,
    index: &str,
    s: &mut String,
) -> Result<(), Fatal> {
    let alignas = spelling.variety == "Keyword" && spelling.name == "alignas";
    let regular = is_regular_keyword(input, spelling)?;
    s.push_str(&format!(
        "{{AttributeCommonInfo::AS_{}, {index}, {alignas} /*IsAlignas*/, {regular} /*IsRegularKeywordAttribute*/}}",
        spelling.variety
    ));
    Ok(())
}

/// The `Spelling` enum of an attribute with several spellings (`CreateSemanticSpellings`):
/// each enumerator once, with its first spelling's index.
pub fn semantic_spelling_enum(names: &[String]) -> String {
    let mut s = "  enum Spelling {\n".to_string();
    let mut seen: Vec<&str> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        if seen.contains(&name.as_str()) {
            continue;
        }
        if i != 0 {
            s.push_str(",\n");
        }
        seen.push(name);
        s.push_str(&format!("    {name} = {i}"));
    }
    s.push_str(",\n  SpellingNotCalculated = 15\n\n  };\n\n");
    s
}

/// `WriteSemanticSpellingSwitch`: the `Spelling` enumerator of each spelling index `var` may
/// hold.
pub fn semantic_spelling_switch(var: &str, names: &[String], s: &mut String) {
    s.push_str(&format!("  switch ({var}) {{\n    default: llvm_unreachable(\"Unknown spelling list index\");\n"));
    for (i, name) in names.iter().enumerate() {
        s.push_str(&format!("    case {i}: return {name};\n"));
    }
    s.push_str("  }\n");
}
