//! `--gen-directive-impl`: the implementation of a directive language (OMP.inc, ACC.inc):
//! Flang's clause sets, parser classes, unparsers and parsers; Clang's clause macros; the
//! name/kind functions, `isAllowedClauseForDirective`, associations, categories and the leaf
//! construct table (LLVM's DirectiveEmitter.cpp, `EmitDirectivesImpl`). LLVM 22 names
//! records by their versioned spellings, qualifies the functions, adds Clang's OpenACC clause
//! sets and the source languages; LLVM 23 moves the association, category and language
//! functions to the header and adds loop modifiers.

use crate::common::directives::{Association, DirectiveLanguage};
use crate::common::emit::{ifdef_block, namespace};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation, Loc};

pub struct GenDirectiveImpl;

impl Backend for GenDirectiveImpl {
    fn name(&self) -> &'static str {
        "gen-directive-impl"
    }
    fn help(&self) -> &'static str {
        "Generate directive related implementation code"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let lang = DirectiveLanguage::read(input, options.release, &mut out.diags)?;
        let mut e = Emitter { lang, form: FORM.get(options.release), s: String::new() };
        if e.lang.spelled {
            e.clause_sets_22(Frontend::Flang)?;
            e.clause_map_22(Frontend::Flang)?;
        } else {
            e.clause_sets_and_map()?;
        }
        e.flang_parser_sections()?;
        if e.lang.spelled && e.lang.name == "OpenACC" {
            e.clause_sets_22(Frontend::Clang)?;
            e.clause_map_22(Frontend::Clang)?;
        }
        e.clause_class_macro()?;
        if e.lang.spelled {
            e.basic_impl_22(&mut out.diags)?;
        } else {
            e.basic_impl(&mut out.diags)?;
        }
        out.write_all(e.s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

struct Emitter<'a> {
    lang: DirectiveLanguage<'a>,
    form: &'static Form,
    s: String,
}

/// What a release's implementation of a spelled language (LLVM 22 on) has.
struct Form {
    /// `isAllowedLoopModifier` and `getLoopModifierName` are defined.
    loop_modifiers: bool,
    /// The association, category and language functions are `constexpr` in the header
    /// (`--gen-directive-decl`), so the implementation does not define them.
    functions_in_header: bool,
}

const FORM_22: Form = Form { loop_modifiers: false, functions_in_header: false };
/// LLVM 19's languages are not spelled ([`DirectiveLanguage::spelled`]): its form is never read.
const FORM: ByRelease<Form> =
    ByRelease { v19: FORM_22, v22: FORM_22, v23: Form { loop_modifiers: true, functions_in_header: true } };

/// Whose clause sets LLVM 22's emitter writes (its `Frontend`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Frontend {
    Flang,
    Clang,
}

/// The four clause lists of a directive, in LLVM's order.
const CLAUSE_LISTS: [(&str, &str); 4] = [
    ("allowedClauses", "allowedClauses_"),
    ("allowedOnceClauses", "allowedOnceClauses_"),
    ("allowedExclusiveClauses", "allowedExclusiveClauses_"),
    ("requiredClauses", "requiredClauses_"),
];

/// `BaseRecord::getUpperCamelName`: each word capitalized, the separators dropped
/// (`num_threads` → `NumThreads`).
fn upper_camel(name: &str, separators: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut cap = true;
    for c in name.chars() {
        if separators.contains(c) {
            cap = true;
        } else if cap {
            out.push(c.to_ascii_uppercase());
            cap = false;
        } else {
            out.push(c);
        }
    }
    out
}

impl Emitter<'_> {
    fn ifdef(&mut self, name: &str, body: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        let _ = write!(self.s, "#ifdef {name}\n#undef {name}\n");
        body(self)?;
        let _ = write!(self.s, "\n#endif // {name}\n\n");
        Ok(())
    }

    /// The spelling a record is known by: its `name` (LLVM 19), or the spelling for
    /// identifiers (LLVM 22 on).
    fn name_of(&self, rec: RecId) -> Result<&'static str> {
        if self.lang.spelled {
            Ok(self.lang.spelling_for_identifier(rec)?)
        } else {
            Ok(self.lang.name_of(rec)?)
        }
    }
    /// `getFormattedName`.
    fn formatted(&self, rec: RecId) -> Result<String> {
        Ok(self.lang.identifier(rec)?)
    }
    fn clause_string(&self, clause: RecId, field: &str) -> Result<&'static str> {
        Ok(self.lang.f.string(clause, field)?)
    }
    fn clause_bit(&self, clause: RecId, field: &str) -> Result<bool> {
        Ok(self.lang.f.bit(clause, field)?)
    }
    /// `Clause::getFormattedParserClassName`.
    fn parser_class(&self, clause: RecId) -> Result<String> {
        Ok(upper_camel(self.name_of(clause)?, "_"))
    }

    /// LLVM 19's Flang clause sets and directive → clause sets map.
    fn clause_sets_and_map(&mut self) -> Result<()> {
        let lang_ns = self.lang.cpp_namespace;
        let dir_prefix = self.lang.directive_prefix;
        self.ifdef("GEN_FLANG_DIRECTIVE_CLAUSE_SETS", |e| {
            e.s.push_str("\nnamespace llvm {\n");
            let namespaces = e.lang.namespaces();
            for ns in &namespaces {
                let _ = writeln!(e.s, "namespace {ns} {{");
            }
            let set_class = e.lang.string("clauseEnumSetClass")?;
            for dir in e.lang.directives()? {
                let _ = write!(e.s, "\n  // Sets for {}\n", e.name_of(dir)?);
                let formatted = e.formatted(dir)?;
                for (list, set_prefix) in CLAUSE_LISTS {
                    let _ = write!(e.s, "\n  static {set_class} {set_prefix}{dir_prefix}{formatted} {{\n");
                    for versioned in e.lang.f.defs(dir, list)? {
                        let clause = e.lang.clause_of(versioned)?;
                        let _ = writeln!(
                            e.s,
                            "    llvm::{lang_ns}::Clause::{}{},",
                            e.lang.clause_prefix,
                            e.formatted(clause)?
                        );
                    }
                    e.s.push_str("  };\n");
                }
            }
            for ns in namespaces.iter().rev() {
                let _ = writeln!(e.s, "}} // namespace {ns}");
            }
            e.s.push_str("} // namespace llvm\n");
            Ok(())
        })?;
        self.ifdef("GEN_FLANG_DIRECTIVE_CLAUSE_MAP", |e| {
            e.s.push_str("\n{\n");
            for dir in e.lang.directives()? {
                let formatted = e.formatted(dir)?;
                let _ = write!(e.s, "  {{llvm::{lang_ns}::Directive::{dir_prefix}{formatted},\n    {{\n");
                for (_, set_prefix) in CLAUSE_LISTS {
                    let _ = writeln!(e.s, "      llvm::{lang_ns}::{set_prefix}{dir_prefix}{formatted},");
                }
                e.s.push_str("    }\n  },\n");
            }
            e.s.push_str("}\n");
            Ok(())
        })
    }

    /// The Flang parser's clause classes, dumper, unparser, checker and kind map, then the
    /// clause parser.
    fn flang_parser_sections(&mut self) -> Result<()> {
        let lang_ns = self.lang.cpp_namespace;
        self.ifdef("GEN_FLANG_CLAUSE_PARSER_CLASSES", |e| {
            e.s.push('\n');
            for clause in e.lang.clauses()? {
                let flang_class = e.clause_string(clause, "flangClass")?;
                let class_name = e.parser_class(clause)?;
                if flang_class.is_empty() {
                    let _ = write!(e.s, "EMPTY_CLASS({class_name}");
                } else {
                    let optional = e.clause_bit(clause, "isValueOptional")?;
                    let list = e.clause_bit(clause, "isValueList")?;
                    let ty = match (optional, list) {
                        (true, true) => format!("std::optional<std::list<{flang_class}>>"),
                        (true, false) => format!("std::optional<{flang_class}>"),
                        (false, true) => format!("std::list<{flang_class}>"),
                        (false, false) => flang_class.to_owned(),
                    };
                    let _ = write!(e.s, "WRAPPER_CLASS({class_name}, {ty}");
                }
                e.s.push_str(");\n");
            }
            Ok(())
        })?;
        self.ifdef("GEN_FLANG_CLAUSE_PARSER_CLASSES_LIST", |e| {
            e.s.push('\n');
            for (i, clause) in e.lang.clauses()?.into_iter().enumerate() {
                if i > 0 {
                    e.s.push_str(", ");
                }
                let _ = writeln!(e.s, "{}", e.parser_class(clause)?);
            }
            Ok(())
        })?;
        let base = self.lang.string("flangClauseBaseClass")?;
        self.ifdef("GEN_FLANG_DUMP_PARSE_TREE_CLAUSES", |e| {
            e.s.push('\n');
            for clause in e.lang.clauses()? {
                let _ = writeln!(e.s, "NODE({base}, {})", e.parser_class(clause)?);
            }
            Ok(())
        })?;
        self.ifdef("GEN_FLANG_CLAUSE_UNPARSE", |e| {
            e.s.push('\n');
            for clause in e.lang.clauses()? {
                if e.lang.spelled && e.clause_bit(clause, "skipFlangUnparser")? {
                    continue;
                }
                let class_name = e.parser_class(clause)?;
                let upper = e.name_of(clause)?.to_ascii_uppercase();
                if e.clause_string(clause, "flangClass")?.is_empty() {
                    let _ = writeln!(e.s, "void Before(const {base}::{class_name} &) {{ Word(\"{upper}\"); }}");
                    continue;
                }
                let _ = write!(e.s, "void Unparse(const {base}::{class_name} &x) {{\n  Word(\"{upper}\");\n");
                let optional = e.clause_bit(clause, "isValueOptional")?;
                let default = if optional { e.clause_string(clause, "defaultValue")? } else { "" };
                if optional && default.is_empty() {
                    e.s.push_str("  Walk(\"(\", x.v, \")\");\n");
                } else if optional {
                    e.s.push_str("  Put(\"(\");\n  if (x.v.has_value())\n");
                    if e.clause_bit(clause, "isValueList")? {
                        e.s.push_str("    Walk(x.v, \",\");\n");
                    } else {
                        e.s.push_str("    Walk(x.v);\n");
                    }
                    let _ = write!(e.s, "  else\n    Put(\"{default}\");\n  Put(\")\");\n");
                } else {
                    e.s.push_str("  Put(\"(\");\n");
                    if e.clause_bit(clause, "isValueList")? {
                        e.s.push_str("  Walk(x.v, \",\");\n");
                    } else {
                        e.s.push_str("  Walk(x.v);\n");
                    }
                    e.s.push_str("  Put(\")\");\n");
                }
                e.s.push_str("}\n");
            }
            Ok(())
        })?;
        self.ifdef("GEN_FLANG_CLAUSE_CHECK_ENTER", |e| {
            e.s.push('\n');
            for clause in e.lang.clauses()? {
                let _ = writeln!(e.s, "void Enter(const parser::{base}::{} &);", e.parser_class(clause)?);
            }
            Ok(())
        })?;
        self.ifdef("GEN_FLANG_CLAUSE_PARSER_KIND_MAP", |e| {
            e.s.push('\n');
            for clause in e.lang.clauses()? {
                let _ = writeln!(e.s, "if constexpr (std::is_same_v<A, parser::{base}::{}>)", e.parser_class(clause)?);
                let _ = writeln!(
                    e.s,
                    "  return llvm::{lang_ns}::Clause::{}{};",
                    e.lang.clause_prefix,
                    e.formatted(clause)?
                );
            }
            let _ = writeln!(e.s, "llvm_unreachable(\"Invalid {} Parser clause\");", e.lang.name);
            Ok(())
        })?;
        if self.lang.spelled {
            self.flang_clauses_parser_22(base)
        } else {
            self.flang_clauses_parser(base)
        }
    }

    /// `GenerateFlangClausesParser`: the clauses in reverse name order, so that a longer
    /// name sharing a start with another is tried first.
    fn flang_clauses_parser(&mut self, base: &str) -> Result<()> {
        let mut clauses = Vec::new();
        for clause in self.lang.clauses()? {
            clauses.push((self.name_of(clause)?, clause));
        }
        clauses.sort_by(|a, b| b.0.cmp(a.0));
        let last = clauses.len().wrapping_sub(1);
        self.ifdef("GEN_FLANG_CLAUSES_PARSER", |e| {
            e.s.push_str("\nTYPE_PARSER(\n");
            for (index, &(name, clause)) in clauses.iter().enumerate() {
                let aliases = e.lang.f.strings(clause, "aliases")?;
                if aliases.is_empty() {
                    let _ = write!(e.s, "  \"{name}\"");
                } else {
                    let _ = write!(e.s, "  (\"{name}\"_tok");
                    for alias in aliases {
                        let _ = write!(e.s, " || \"{alias}\"_tok");
                    }
                    e.s.push(')');
                }
                let _ = write!(e.s, " >> construct<{base}>(construct<{base}::{}>(", e.parser_class(clause)?);
                let flang_class = e.clause_string(clause, "flangClass")?;
                if !flang_class.is_empty() {
                    let optional = e.clause_bit(clause, "isValueOptional")?;
                    if optional {
                        e.s.push_str("maybe(");
                    }
                    e.s.push_str("parenthesized(");
                    let list = e.clause_bit(clause, "isValueList")?;
                    if list {
                        e.s.push_str("nonemptyList(");
                    }
                    let prefix = e.clause_string(clause, "prefix")?;
                    if !prefix.is_empty() {
                        let _ = write!(e.s, "\"{prefix}:\" >> ");
                    }
                    let parser = flang_parser(flang_class);
                    e.s.push_str(&parser);
                    if !prefix.is_empty() && e.clause_bit(clause, "isPrefixOptional")? {
                        let _ = write!(e.s, " || {parser}");
                    }
                    if list {
                        e.s.push(')');
                    }
                    e.s.push(')');
                    if optional {
                        e.s.push(')');
                    }
                }
                e.s.push_str("))");
                if index != last {
                    e.s.push_str(" ||");
                }
                e.s.push('\n');
            }
            e.s.push_str(")\n");
            Ok(())
        })
    }

    fn clause_class_macro(&mut self) -> Result<()> {
        let p = self.lang.clause_prefix;
        self.ifdef("GEN_CLANG_CLAUSE_CLASS", |e| {
            e.s.push_str("\n#ifndef CLAUSE\n#define CLAUSE(Enum, Str, Implicit)\n#endif\n");
            e.s.push_str("#ifndef CLAUSE_CLASS\n#define CLAUSE_CLASS(Enum, Str, Class)\n#endif\n");
            e.s.push_str("#ifndef CLAUSE_NO_CLASS\n#define CLAUSE_NO_CLASS(Enum, Str)\n#endif\n\n");
            let _ = write!(
                e.s,
                "#define __CLAUSE(Name, Class)                      \\\n  CLAUSE({p}##Name, #Name, /* Implicit */ false) \\\n  CLAUSE_CLASS({p}##Name, #Name, Class)\n"
            );
            let _ = write!(
                e.s,
                "#define __CLAUSE_NO_CLASS(Name)                    \\\n  CLAUSE({p}##Name, #Name, /* Implicit */ false) \\\n  CLAUSE_NO_CLASS({p}##Name, #Name)\n"
            );
            let _ = write!(
                e.s,
                "#define __IMPLICIT_CLAUSE_CLASS(Name, Str, Class)  \\\n  CLAUSE({p}##Name, Str, /* Implicit */ true)    \\\n  CLAUSE_CLASS({p}##Name, Str, Class)\n"
            );
            let _ = write!(
                e.s,
                "#define __IMPLICIT_CLAUSE_NO_CLASS(Name, Str)      \\\n  CLAUSE({p}##Name, Str, /* Implicit */ true)    \\\n  CLAUSE_NO_CLASS({p}##Name, Str)\n\n"
            );
            for clause in e.lang.clauses()? {
                let formatted = e.formatted(clause)?;
                let clang_class = e.clause_string(clause, "clangClass")?;
                let implicit = e.clause_bit(clause, "isImplicit")?;
                let _ = match (clang_class.is_empty(), implicit) {
                    (true, true) => writeln!(e.s, "__IMPLICIT_CLAUSE_NO_CLASS({formatted}, \"{formatted}\")"),
                    (true, false) => writeln!(e.s, "__CLAUSE_NO_CLASS({formatted})"),
                    (false, true) => writeln!(e.s, "__IMPLICIT_CLAUSE_CLASS({formatted}, \"{formatted}\", {clang_class})"),
                    (false, false) => writeln!(e.s, "__CLAUSE({formatted}, {clang_class})"),
                };
            }
            e.s.push_str("\n#undef __IMPLICIT_CLAUSE_NO_CLASS\n#undef __IMPLICIT_CLAUSE_CLASS\n#undef __CLAUSE_NO_CLASS\n");
            e.s.push_str("#undef __CLAUSE\n#undef CLAUSE_NO_CLASS\n#undef CLAUSE_CLASS\n#undef CLAUSE\n");
            Ok(())
        })
    }

    fn basic_impl(&mut self, diags: &mut Diagnostics) -> Result<()> {
        self.ifdef("GEN_DIRECTIVES_IMPL", |e| {
            e.s.push_str("\n#include \"llvm/Support/ErrorHandling.h\"\n");
            let directives = e.lang.directives()?;
            let clauses = e.lang.clauses()?;
            let (dp, cp) = (e.lang.directive_prefix, e.lang.clause_prefix);
            e.get_kind(&directives, "Directive", dp, false, diags)?;
            e.get_name(&directives, "Directive", dp)?;
            e.get_kind(&clauses, "Clause", cp, true, diags)?;
            e.get_name(&clauses, "Clause", cp)?;
            e.get_kind_clause_vals(&clauses, diags)?;
            e.is_allowed_clause(&directives)?;
            e.directive_association(&directives)?;
            e.directive_category(&directives)?;
            e.leaf_table(&directives, "LeafConstructTable")
        })
    }

    /// `GenerateGetName`.
    fn get_name(&mut self, records: &[RecId], kind: &str, prefix: &str) -> Result<()> {
        let (ns, lang) = (self.lang.cpp_namespace, self.lang.name);
        let _ =
            write!(self.s, "\nllvm::StringRef llvm::{ns}::get{lang}{kind}Name({kind} Kind) {{\n  switch (Kind) {{\n");
        for &rec in records {
            let alternative = self.lang.f.string(rec, "alternativeName")?;
            let spelled = if alternative.is_empty() { self.name_of(rec)? } else { alternative };
            let _ = write!(self.s, "    case {prefix}{}:\n      return \"{spelled}\";\n", self.formatted(rec)?);
        }
        let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {lang} {kind} kind\");\n}}\n");
        Ok(())
    }

    /// The first of `records` marked `isDefault`; none is LLVM's error.
    fn default_of(&self, records: &[RecId], kind: &str, diags: &mut Diagnostics) -> Result<Option<RecId>> {
        for &rec in records {
            if self.lang.f.bit(rec, "isDefault")? {
                return Ok(Some(rec));
            }
        }
        diags.error(Loc::NONE, format!("At least one {kind} must be defined as default."));
        Ok(None)
    }

    /// `GenerateGetKind`: a StringSwitch over the names; implicit clauses map to the default.
    fn get_kind(
        &mut self,
        records: &[RecId],
        kind: &str,
        prefix: &str,
        implicit_as_unknown: bool,
        diags: &mut Diagnostics,
    ) -> Result<()> {
        let Some(default) = self.default_of(records, kind, diags)? else { return Ok(()) };
        let default_name = self.formatted(default)?;
        let (ns, lang) = (self.lang.cpp_namespace, self.lang.name);
        let _ = write!(self.s, "\n{kind} llvm::{ns}::get{lang}{kind}Kind(llvm::StringRef Str) {{\n  return llvm::StringSwitch<{kind}>(Str)\n");
        for &rec in records {
            let target = if implicit_as_unknown && self.lang.f.bit(rec, "isImplicit")? {
                default_name.clone()
            } else {
                self.formatted(rec)?
            };
            let _ = writeln!(self.s, "    .Case(\"{}\",{prefix}{target})", self.name_of(rec)?);
        }
        let _ = write!(self.s, "    .Default({prefix}{default_name});\n}}\n");
        Ok(())
    }

    /// `GenerateGetKindClauseVal`.
    fn get_kind_clause_vals(&mut self, clauses: &[RecId], diags: &mut Diagnostics) -> Result<()> {
        let f = &self.lang.f;
        let (ns, lang) = (self.lang.cpp_namespace, self.lang.name);
        for &clause in clauses {
            let vals = f.defs(clause, "allowedClauseValues")?;
            if vals.is_empty() {
                continue;
            }
            let mut default = None;
            for &val in &vals {
                if f.bit(val, "isDefault")? {
                    default = Some(val);
                    break;
                }
            }
            let Some(default) = default else {
                let message =
                    format!("At least one val in Clause {} must be defined as default.", self.lang.formatted(clause)?);
                diags.error(Loc::NONE, message);
                return Ok(());
            };
            let enum_name = f.string(clause, "enumClauseValue")?;
            if enum_name.is_empty() {
                diags.error(
                    Loc::NONE,
                    format!("enumClauseValue field not set in Clause{}.", self.lang.formatted(clause)?),
                );
                return Ok(());
            }
            let _ = write!(self.s, "\n{enum_name} llvm::{ns}::get{enum_name}(llvm::StringRef Str) {{\n  return llvm::StringSwitch<{enum_name}>(Str)\n");
            for &val in &vals {
                let _ = writeln!(self.s, "    .Case(\"{}\",{})", self.lang.formatted(val)?, f.name(val));
            }
            let _ = write!(self.s, "    .Default({});\n}}\n", f.name(default));
            let _ = write!(self.s, "\nllvm::StringRef llvm::{ns}::get{lang}{enum_name}Name(llvm::{ns}::{enum_name} x) {{\n  switch (x) {{\n");
            for &val in &vals {
                let _ = write!(self.s, "    case {}:\n      return \"{}\";\n", f.name(val), self.lang.formatted(val)?);
            }
            let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {lang} {enum_name} kind\");\n}}\n");
        }
        Ok(())
    }

    /// `GenerateIsAllowedClause`.
    fn is_allowed_clause(&mut self, directives: &[RecId]) -> Result<()> {
        let (ns, lang) = (self.lang.cpp_namespace, self.lang.name);
        let _ = write!(
            self.s,
            "\nbool llvm::{ns}::isAllowedClauseForDirective(Directive D, Clause C, unsigned Version) {{\n"
        );
        let _ = writeln!(self.s, "  assert(unsigned(D) <= llvm::{ns}::Directive_enumSize);");
        let _ = writeln!(self.s, "  assert(unsigned(C) <= llvm::{ns}::Clause_enumSize);");
        self.s.push_str("  switch (D) {\n");
        for &dir in directives {
            let _ = writeln!(self.s, "    case {}{}:", self.lang.directive_prefix, self.formatted(dir)?);
            let mut lists = Vec::new();
            for (list, _) in CLAUSE_LISTS {
                lists.push(self.lang.f.defs(dir, list)?);
            }
            if lists.iter().all(Vec::is_empty) {
                self.s.push_str("      return false;\n");
            } else {
                self.s.push_str("      switch (C) {\n");
                let mut cases = BTreeSet::new();
                for versioned in lists.into_iter().flatten() {
                    let clause = self.lang.clause_of(versioned)?;
                    let formatted = self.formatted(clause)?;
                    if cases.insert(formatted.clone()) {
                        let (min, max) =
                            (self.lang.f.int(versioned, "minVersion")?, self.lang.f.int(versioned, "maxVersion")?);
                        let _ = writeln!(self.s, "        case {}{formatted}:", self.lang.clause_prefix);
                        let _ = writeln!(self.s, "          return {min} <= Version && {max} >= Version;");
                    }
                }
                self.s.push_str("        default:\n          return false;\n      }\n");
            }
            self.s.push_str("      break;\n");
        }
        let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {lang} Directive kind\");\n}}\n");
        Ok(())
    }

    fn qualified_directive(&self, dir: RecId) -> Result<String> {
        Ok(format!("llvm::{}::{}{}", self.lang.cpp_namespace, self.lang.directive_prefix, self.formatted(dir)?))
    }

    /// `GenerateGetDirectiveAssociation`: each directive's association, those taken from
    /// leaves combined.
    fn directive_association(&mut self, directives: &[RecId]) -> Result<()> {
        let f = &self.lang.f;
        let ns = self.lang.cpp_namespace;
        let associations = self.lang.defs_of("Association")?;
        let mut computed: HashMap<RecId, Association> = HashMap::new();
        for &dir in directives {
            self.lang.association(dir, &mut computed)?;
        }
        let assoc_name = |a: Association| -> Result<&'static str> {
            for &rec in &associations {
                if self.lang.association_of(f.name(rec)) == a {
                    return Ok(f.string(rec, "name")?);
                }
            }
            Err(BackendError::fatal(&[], "Unexpected association value"))
        };
        let type_name = format!("llvm::{ns}::Association");
        let _ = write!(
            self.s,
            "\n{type_name} llvm::{ns}::getDirectiveAssociation(llvm::{ns}::Directive Dir) {{\n  switch (Dir) {{\n"
        );
        for &dir in directives {
            let _ = write!(
                self.s,
                "  case llvm::{ns}::Directive::{}{}:\n    return {type_name}::{};\n",
                self.lang.directive_prefix,
                self.formatted(dir)?,
                assoc_name(computed[&dir])?
            );
        }
        self.s.push_str("  } // switch (Dir)\n  llvm_unreachable(\"Unexpected directive\");\n}\n");
        Ok(())
    }

    fn directive_category(&mut self, directives: &[RecId]) -> Result<()> {
        let ns = self.lang.cpp_namespace;
        let _ = write!(
            self.s,
            "\nllvm::{ns}::Category llvm::{ns}::getDirectiveCategory(llvm::{ns}::Directive Dir) {{\n  switch (Dir) {{\n"
        );
        for &dir in directives {
            let category = self.lang.f.def(dir, "category")?;
            let _ = write!(
                self.s,
                "  case {}:\n    return llvm::{ns}::Category::{};\n",
                self.qualified_directive(dir)?,
                self.lang.f.string(category, "name")?
            );
        }
        self.s.push_str("  } // switch (Dir)\n  llvm_unreachable(\"Unexpected directive\");\n}\n");
        Ok(())
    }

    /// `EmitLeafTable`: each directive's row (itself, its number of leaves, the leaves, -1
    /// padding), sorted by leaves with the "end" directives last, and the inverse order.
    fn leaf_table(&mut self, directives: &[RecId], table: &str) -> Result<()> {
        let f = &self.lang.f;
        let id_of: HashMap<RecId, usize> = directives.iter().enumerate().map(|(i, &d)| (d, i)).collect();
        let max = self.lang.max_leaf_count()?;
        let mut rows: Vec<Vec<i64>> = Vec::with_capacity(directives.len());
        let mut is_end = Vec::with_capacity(directives.len());
        for (i, &dir) in directives.iter().enumerate() {
            let leaves = f.defs(dir, "leafConstructs")?;
            let mut row = vec![i as i64, leaves.len() as i64];
            for k in 0..max {
                match leaves.get(k) {
                    Some(leaf) => match id_of.get(leaf) {
                        Some(&id) => row.push(id as i64),
                        None => {
                            return Err(BackendError::fatal(&[], format!("'{}' is not a directive", f.name(*leaf))))
                        }
                    },
                    None => row.push(-1),
                }
            }
            rows.push(row);
            let name = self.name_of(dir)?;
            is_end.push(name.len() >= 4 && name[..4].eq_ignore_ascii_case("end "));
        }
        let mut ordering: Vec<usize> = (0..directives.len()).collect();
        ordering.sort_by(|&a, &b| {
            let (ra, rb) = (&rows[a], &rows[b]);
            is_end[a].cmp(&is_end[b]).then_with(|| {
                if ra[1] == 0 && rb[1] == 0 {
                    ra[0].cmp(&rb[0])
                } else {
                    ra[2..2 + ra[1] as usize].cmp(&rb[2..2 + rb[1] as usize])
                }
            })
        });
        let ns = self.lang.cpp_namespace;
        let ty = format!("llvm::{ns}::Directive");
        let _ = writeln!(self.s, "\nstatic_assert(sizeof({ty}) == sizeof(int));");
        let _ = writeln!(self.s, "[[maybe_unused]] static const {ty} {table}[][{}] = {{", max + 2);
        for &row_index in &ordering {
            let row = &rows[row_index];
            let _ = write!(
                self.s,
                "    {{{}, static_cast<{ty}>({}),",
                self.qualified_directive(directives[row[0] as usize])?,
                row[1]
            );
            for &leaf in &row[2..] {
                if leaf >= 0 {
                    let _ = write!(self.s, " {},", self.qualified_directive(directives[leaf as usize])?);
                } else {
                    let _ = write!(self.s, " static_cast<{ty}>(-1),");
                }
            }
            self.s.push_str("},\n");
        }
        self.s.push_str("};\n\n");
        let first_end = ordering.iter().position(|&r| is_end[r]).unwrap_or(ordering.len());
        let _ = write!(self.s, "[[maybe_unused]] static auto {table}EndDirective = {table} + {first_end};\n\n");
        let _ = write!(self.s, "[[maybe_unused]] static const int {table}Ordering[] = {{\n   ");
        let mut reverse = vec![0; ordering.len()];
        for (i, &row) in ordering.iter().enumerate() {
            reverse[row] = i;
        }
        for index in reverse {
            let _ = write!(self.s, " {index},");
        }
        self.s.push_str("\n};\n");
        Ok(())
    }
}

/// LLVM 22's and 23's forms: records named by their spellings, functions qualified with
/// `llvm::<ns>::`, name lookups that return the versions a spelling is valid in.
impl Emitter<'_> {
    /// `getQualifier`: `llvm::omp::`.
    fn qualifier(&self) -> String {
        format!("llvm::{}::", self.lang.cpp_namespace)
    }

    /// `generateDirectiveClauseSets`: the four clause sets of each directive, as Flang's
    /// clause kinds or (OpenACC) Clang's.
    fn clause_sets_22(&mut self, frontend: Frontend) -> Result<()> {
        let (fe, section) = match frontend {
            Frontend::Flang => ("llvm", "GEN_FLANG_DIRECTIVE_CLAUSE_SETS"),
            Frontend::Clang => ("clang", "GEN_CLANG_DIRECTIVE_CLAUSE_SETS"),
        };
        let mut namespace_name = fe.to_owned();
        if !self.lang.cpp_namespace.is_empty() {
            namespace_name = format!("{fe}::{}", self.lang.cpp_namespace);
        }
        let set_class = self.lang.string("clauseEnumSetClass")?;
        let mut body = String::new();
        for dir in self.lang.directives()? {
            let _ = writeln!(body, "// Sets for {}", self.name_of(dir)?);
            let formatted = self.formatted(dir)?;
            for (list, set_prefix) in CLAUSE_LISTS {
                let _ = write!(body, "\nstatic {set_class} {set_prefix}{}{formatted} {{\n", self.lang.directive_prefix);
                for versioned in self.lang.f.defs(dir, list)? {
                    let clause = self.lang.clause_of(versioned)?;
                    match frontend {
                        Frontend::Flang => {
                            let _ = writeln!(body, "  Clause::{}{},", self.lang.clause_prefix, self.formatted(clause)?);
                        }
                        Frontend::Clang => {
                            let _ = writeln!(body, "  OpenACCClauseKind::{},", self.clang_acc_clause(clause)?);
                        }
                    }
                }
                body.push_str("};\n");
            }
        }
        ifdef_block(&mut self.s, section, false, |s| namespace(s, &namespace_name, |s| s.push_str(&body)));
        Ok(())
    }

    /// `Clause::getClangAccSpelling`: `clangAccSpelling`, or the spelling in upper camel case.
    fn clang_acc_clause(&self, clause: RecId) -> Result<String> {
        let spelling = self.lang.f.string(clause, "clangAccSpelling")?;
        if !spelling.is_empty() {
            return Ok(spelling.to_owned());
        }
        Ok(upper_camel(self.name_of(clause)?, "_"))
    }

    /// `Directive::getClangAccSpelling`: Clang calls `unknown` `Invalid`.
    fn clang_acc_directive(&self, dir: RecId) -> Result<String> {
        let name = self.name_of(dir)?;
        if name == "unknown" {
            return Ok("Invalid".to_owned());
        }
        Ok(upper_camel(name, " _"))
    }

    /// `generateDirectiveClauseMap`: each directive with its four clause sets.
    fn clause_map_22(&mut self, frontend: Frontend) -> Result<()> {
        let (qual, section) = match frontend {
            Frontend::Flang => (self.qualifier(), "GEN_FLANG_DIRECTIVE_CLAUSE_MAP"),
            Frontend::Clang => (format!("clang::{}::", self.lang.cpp_namespace), "GEN_CLANG_DIRECTIVE_CLAUSE_MAP"),
        };
        let mut body = String::from("{\n");
        for dir in self.lang.directives()? {
            let name = format!("{}{}", self.lang.directive_prefix, self.formatted(dir)?);
            match frontend {
                Frontend::Flang => {
                    let _ = writeln!(body, "  {{{qual}Directive::{name},");
                }
                Frontend::Clang => {
                    let _ = writeln!(body, "  {{clang::OpenACCDirectiveKind::{},", self.clang_acc_directive(dir)?);
                }
            }
            body.push_str("    {\n");
            for (_, set_prefix) in CLAUSE_LISTS {
                let _ = writeln!(body, "      {qual}{set_prefix}{name},");
            }
            body.push_str("    }\n  },\n");
        }
        body.push_str("}\n");
        ifdef_block(&mut self.s, section, false, |s| s.push_str(&body));
        Ok(())
    }

    /// LLVM 22's `generateFlangClausesParser`: one alternative a spelling, in reverse order of
    /// the spellings, so that a longer one sharing a start with another is tried first.
    fn flang_clauses_parser_22(&mut self, base: &str) -> Result<()> {
        let mut spellings = Vec::new();
        for clause in self.lang.clauses()? {
            for spelling in self.lang.spellings(clause)? {
                spellings.push((spelling.text, clause));
            }
        }
        spellings.sort_by(|a, b| b.0.cmp(a.0));
        let last = spellings.len().wrapping_sub(1);
        let mut body = String::from("TYPE_PARSER(\n");
        for (index, &(spelling, clause)) in spellings.iter().enumerate() {
            let _ = write!(
                body,
                "  \"{spelling}\" >> construct<{base}>(construct<{base}::{}>(",
                self.parser_class(clause)?
            );
            let flang_class = self.clause_string(clause, "flangClass")?;
            if !flang_class.is_empty() {
                let optional = self.clause_bit(clause, "isValueOptional")?;
                let list = self.clause_bit(clause, "isValueList")?;
                if optional {
                    body.push_str("maybe(");
                }
                body.push_str("parenthesized(");
                if list {
                    body.push_str("nonemptyList(");
                }
                let prefix = self.clause_string(clause, "prefix")?;
                if !prefix.is_empty() {
                    let _ = write!(body, "\"{prefix}:\" >> ");
                }
                let parser = flang_parser(flang_class);
                body.push_str(&parser);
                if !prefix.is_empty() && self.clause_bit(clause, "isPrefixOptional")? {
                    let _ = write!(body, " || {parser}");
                }
                if list {
                    body.push(')');
                }
                body.push(')');
                if optional {
                    body.push(')');
                }
            }
            body.push_str("))");
            if index != last {
                body.push_str(" ||");
            }
            body.push('\n');
        }
        body.push_str(")\n");
        ifdef_block(&mut self.s, "GEN_FLANG_CLAUSES_PARSER", false, |s| s.push_str(&body));
        Ok(())
    }

    fn basic_impl_22(&mut self, diags: &mut Diagnostics) -> Result<()> {
        let directives = self.lang.directives()?;
        let clauses = self.lang.clauses()?;
        let (dp, cp) = (self.lang.directive_prefix, self.lang.clause_prefix);
        let mut section = std::mem::take(&mut self.s);
        self.s.push_str("#include \"llvm/Frontend/Directive/Spelling.h\"\n");
        self.s.push_str("#include \"llvm/Support/ErrorHandling.h\"\n#include <utility>\n");
        let lang_name = self.lang.name;
        self.get_kind_22(&directives, "Directive", dp, false, diags)?;
        self.get_name_22(&directives, "Directive", lang_name, dp)?;
        self.get_kind_22(&clauses, "Clause", cp, true, diags)?;
        self.get_name_22(&clauses, "Clause", lang_name, cp)?;
        self.get_kind_clause_vals_22(&clauses, diags)?;
        self.is_allowed_clause_22(&directives)?;
        if self.form.loop_modifiers {
            self.is_allowed_loop_modifier(&directives)?;
            let modifiers = self.lang.defs_of("LoopModifier")?;
            let prefix = self.lang.string("loopModifierPrefix")?;
            self.get_name_22(&modifiers, "LoopModifier", "", prefix)?;
        }
        if !self.form.functions_in_header {
            self.directive_association_22(&directives)?;
            self.directive_category_22(&directives)?;
            self.directive_languages(&directives)?;
        }
        self.leaf_table(&directives, "LeafConstructTable")?;
        let body = std::mem::take(&mut self.s);
        ifdef_block(&mut section, "GEN_DIRECTIVES_IMPL", false, |s| s.push_str(&body));
        self.s = section;
        Ok(())
    }

    /// LLVM 22's `generateGetKind`: each spelling with the versions it is valid in.
    fn get_kind_22(
        &mut self,
        records: &[RecId],
        kind: &str,
        prefix: &str,
        implicit_as_unknown: bool,
        diags: &mut Diagnostics,
    ) -> Result<()> {
        let Some(default) = self.default_of(records, kind, diags)? else { return Ok(()) };
        let default_name = format!("{prefix}{}", self.formatted(default)?);
        let (qual, lang) = (self.qualifier(), self.lang.name);
        let _ = write!(
            self.s,
            "\nstd::pair<{qual}{kind}, llvm::directive::VersionRange> {qual}get{lang}{kind}KindAndVersions(llvm::StringRef Str) {{\n"
        );
        self.s.push_str("  directive::VersionRange All; // Default-initialized to \"all versions\"\n");
        let _ = writeln!(self.s, "  return StringSwitch<std::pair<{kind}, directive::VersionRange>>(Str)");
        for &rec in records {
            let ident = if implicit_as_unknown && self.lang.f.bit(rec, "isImplicit")? {
                default_name.clone()
            } else {
                format!("{prefix}{}", self.formatted(rec)?)
            };
            for spelling in self.lang.spellings(rec)? {
                let _ = write!(self.s, "    .Case(\"{}\", {{{ident}, ", spelling.text);
                if spelling.min == ALL_VERSIONS.0 && spelling.max == ALL_VERSIONS.1 {
                    self.s.push_str("All})\n");
                } else {
                    let _ = writeln!(self.s, "{{{}, {}}}}})", spelling.min as i32, spelling.max as i32);
                }
            }
        }
        let _ = write!(self.s, "    .Default({{{default_name}, All}});\n}}\n");
        Ok(())
    }

    /// LLVM 22's `generateGetName`: a record's one spelling, or its spellings by version for
    /// `FindName`.
    fn get_name_22(&mut self, records: &[RecId], kind: &str, lang: &str, prefix: &str) -> Result<()> {
        let qual = self.qualifier();
        let _ = write!(
            self.s,
            "\nllvm::StringRef {qual}get{lang}{kind}Name({qual}{kind} Kind, unsigned Version) {{\n  switch (Kind) {{\n"
        );
        for &rec in records {
            let ident = format!("{prefix}{}", self.formatted(rec)?);
            let _ = write!(self.s, "    case {ident}:");
            let mut spellings = self.lang.spellings(rec)?;
            spellings.sort_by_key(|s| (s.min as i32, s.max as i32));
            match spellings.as_slice() {
                [] => return Err(BackendError::fatal(&[], format!("No spellings for {}", self.lang.f.name(rec)))),
                [one] => {
                    let _ = write!(self.s, "\n      return \"{}\";\n", one.text);
                }
                many => {
                    let _ = write!(
                        self.s,
                        " {{\n      static constexpr llvm::directive::Spelling {ident}_spellings[] = {{\n"
                    );
                    for s in many {
                        let _ =
                            writeln!(self.s, "          {{\"{}\", {{{}, {}}}}},", s.text, s.min as i32, s.max as i32);
                    }
                    let _ = write!(
                        self.s,
                        "      }};\n      return llvm::directive::FindName({ident}_spellings, Version);\n    }}\n"
                    );
                }
            }
        }
        let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {lang} {kind} kind\");\n}}\n");
        Ok(())
    }

    /// LLVM 22's `generateGetClauseVal`.
    fn get_kind_clause_vals_22(&mut self, clauses: &[RecId], diags: &mut Diagnostics) -> Result<()> {
        let f = &self.lang.f;
        let (qual, lang) = (self.qualifier(), self.lang.name);
        for &clause in clauses {
            let vals = f.defs(clause, "allowedClauseValues")?;
            if vals.is_empty() {
                continue;
            }
            let mut default = None;
            for &val in &vals {
                if f.bit(val, "isDefault")? {
                    default = Some(val);
                    break;
                }
            }
            let Some(default) = default else {
                let message = format!("At least one val in Clause {} must be defined as default.", f.name(clause));
                diags.error(Loc::NONE, message);
                return Ok(());
            };
            let enum_name = f.string(clause, "enumClauseValue")?;
            if enum_name.is_empty() {
                diags.error(Loc::NONE, format!("enumClauseValue field not set in Clause{}.", f.name(clause)));
                return Ok(());
            }
            let _ = write!(
                self.s,
                "\n{qual}{enum_name} {qual}get{enum_name}(llvm::StringRef Str) {{\n  return StringSwitch<{enum_name}>(Str)\n"
            );
            for &val in &vals {
                let _ = writeln!(self.s, "    .Case(\"{}\",{})", self.lang.identifier(val)?, f.name(val));
            }
            let _ = write!(self.s, "    .Default({});\n}}\n", f.name(default));
            let _ = write!(
                self.s,
                "\nllvm::StringRef {qual}get{lang}{enum_name}Name({qual}{enum_name} x) {{\n  switch (x) {{\n"
            );
            for &val in &vals {
                let _ = write!(self.s, "    case {}:\n      return \"{}\";\n", f.name(val), self.lang.identifier(val)?);
            }
            let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {lang} {enum_name} kind\");\n}}\n");
        }
        Ok(())
    }

    /// LLVM 22's `generateIsAllowedClause`.
    fn is_allowed_clause_22(&mut self, directives: &[RecId]) -> Result<()> {
        let qual = self.qualifier();
        let _ = write!(
            self.s,
            "\nbool {qual}isAllowedClauseForDirective({qual}Directive D, {qual}Clause C, unsigned Version) {{\n"
        );
        self.s.push_str("  assert(unsigned(D) <= Directive_enumSize);\n");
        self.s.push_str("  assert(unsigned(C) <= Clause_enumSize);\n  switch (D) {\n");
        for &dir in directives {
            let _ = writeln!(self.s, "    case {}{}:", self.lang.directive_prefix, self.formatted(dir)?);
            let mut lists = Vec::new();
            for (list, _) in CLAUSE_LISTS {
                lists.push(self.lang.f.defs(dir, list)?);
            }
            if lists.iter().all(Vec::is_empty) {
                self.s.push_str("      return false;\n");
            } else {
                self.s.push_str("      switch (C) {\n");
                let mut cases = BTreeSet::new();
                for versioned in lists.into_iter().flatten() {
                    let clause = self.lang.clause_of(versioned)?;
                    let name = format!("{}{}", self.lang.clause_prefix, self.formatted(clause)?);
                    if cases.insert(name.clone()) {
                        let (min, max) =
                            (self.lang.f.int(versioned, "minVersion")?, self.lang.f.int(versioned, "maxVersion")?);
                        let _ = writeln!(self.s, "        case {name}:");
                        let _ = writeln!(self.s, "          return {min} <= Version && {max} >= Version;");
                    }
                }
                self.s.push_str("        default:\n          return false;\n      }\n");
            }
            self.s.push_str("      break;\n");
        }
        let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {} Directive kind\");\n}}\n", self.lang.name);
        Ok(())
    }

    /// LLVM 23's `generateIsAllowedLoopModifier`.
    fn is_allowed_loop_modifier(&mut self, directives: &[RecId]) -> Result<()> {
        let qual = self.qualifier();
        let lm_prefix = self.lang.string("loopModifierPrefix")?;
        let _ = write!(self.s, "\nbool {qual}isAllowedLoopModifier({qual}Directive D, {qual}LoopModifier LM) {{\n");
        self.s.push_str("  assert(unsigned(D) <= Directive_enumSize);\n  switch (D) {\n");
        for &dir in directives {
            let _ = writeln!(self.s, "    case {}{}:", self.lang.directive_prefix, self.formatted(dir)?);
            let modifiers = self.lang.f.defs(dir, "allowedLoopModifiers")?;
            if modifiers.is_empty() {
                self.s.push_str("      return false;\n");
            } else {
                self.s.push_str("      switch (LM) {\n");
                for modifier in modifiers {
                    let _ = writeln!(self.s, "        case LoopModifier::{lm_prefix}{}:", self.formatted(modifier)?);
                    self.s.push_str("          return true;\n");
                }
                self.s.push_str("        default:\n          return false;\n      }\n");
            }
            self.s.push_str("      break;\n");
        }
        let _ = write!(self.s, "  }}\n  llvm_unreachable(\"Invalid {} Directive kind\");\n}}\n", self.lang.name);
        Ok(())
    }

    /// A switch over the directives returning what `case_value` gives for each.
    fn directive_switch(
        &mut self,
        directives: &[RecId],
        ty: &str,
        function: &str,
        var: &str,
        end_comment: &str,
        mut case_value: impl FnMut(&Self, RecId) -> Result<String>,
    ) -> Result<()> {
        let qual = self.qualifier();
        let _ = write!(self.s, "\n{qual}{ty} {qual}{function}({qual}Directive {var}) {{\n  switch ({var}) {{\n");
        for &dir in directives {
            let value = case_value(self, dir)?;
            let _ =
                write!(self.s, "  case {}{}:\n    return {value};\n", self.lang.directive_prefix, self.formatted(dir)?);
        }
        let _ = write!(self.s, "  }} // {end_comment}\n  llvm_unreachable(\"Unexpected directive\");\n}}\n");
        Ok(())
    }

    /// LLVM 22's `generateGetDirectiveAssociation`.
    fn directive_association_22(&mut self, directives: &[RecId]) -> Result<()> {
        let associations = self.lang.defs_of("Association")?;
        let mut computed: HashMap<RecId, Association> = HashMap::new();
        for &dir in directives {
            self.lang.association(dir, &mut computed)?;
        }
        self.directive_switch(directives, "Association", "getDirectiveAssociation", "Dir", "switch (Dir)", |e, dir| {
            let f = &e.lang.f;
            let wanted = computed[&dir];
            match associations.iter().find(|&&a| e.lang.association_of(f.name(a)) == wanted) {
                Some(&def) => Ok(format!("Association::{}", f.string(def, "name")?)),
                None => Err(BackendError::fatal(&[], "Unexpected association value")),
            }
        })
    }

    fn directive_category_22(&mut self, directives: &[RecId]) -> Result<()> {
        self.directive_switch(directives, "Category", "getDirectiveCategory", "Dir", "switch (Dir)", |e, dir| {
            let category = e.lang.f.def(dir, "category")?;
            Ok(format!("Category::{}", e.lang.f.string(category, "name")?))
        })
    }

    /// `generateGetDirectiveLanguages`.
    fn directive_languages(&mut self, directives: &[RecId]) -> Result<()> {
        self.directive_switch(directives, "SourceLanguage", "getDirectiveLanguages", "D", "switch(D)", |e, dir| {
            let mut languages = Vec::new();
            for language in e.lang.f.defs(dir, "languages")? {
                languages.push(format!("SourceLanguage::{}", e.lang.f.string(language, "name")?.replace(' ', "_")));
            }
            Ok(languages.join(" | "))
        })
    }
}

/// `directive::VersionRange`'s default: all versions.
const ALL_VERSIONS: (i64, i64) = (0, i32::MAX as i64);

/// The Flang parser of a clause's value: the common ones by name, else `Parser<Class>{}`.
fn flang_parser(flang_class: &str) -> String {
    match flang_class {
        "Name" => "name".to_owned(),
        "ScalarIntConstantExpr" => "scalarIntConstantExpr".to_owned(),
        "ScalarIntExpr" => "scalarIntExpr".to_owned(),
        "ScalarExpr" => "scalarExpr".to_owned(),
        "ScalarLogicalExpr" => "scalarLogicalExpr".to_owned(),
        other => format!("Parser<{other}>{{}}"),
    }
}
