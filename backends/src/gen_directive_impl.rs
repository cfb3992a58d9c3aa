//! `--gen-directive-impl`: the implementation of a directive language (OMP.inc, ACC.inc):
//! Flang's clause sets, parser classes, unparsers and parsers; Clang's clause macros; the
//! name/kind functions, `isAllowedClauseForDirective`, associations, categories and the leaf
//! construct table (LLVM's DirectiveEmitter.cpp, `EmitDirectivesImpl`).

use crate::common::directives::{Association, DirectiveLanguage};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation, Loc};

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
        let mut e = Emitter { lang, s: String::new() };
        e.flang_impl()?;
        e.clause_class_macro()?;
        e.basic_impl(&mut out.diags)?;
        out.write_all(e.s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

struct Emitter<'a> {
    lang: DirectiveLanguage<'a>,
    s: String,
}

/// The four clause lists of a directive, in LLVM's order.
const CLAUSE_LISTS: [(&str, &str); 4] = [
    ("allowedClauses", "allowedClauses_"),
    ("allowedOnceClauses", "allowedOnceClauses_"),
    ("allowedExclusiveClauses", "allowedExclusiveClauses_"),
    ("requiredClauses", "requiredClauses_"),
];

/// `Clause::getFormattedParserClassName`: `num_threads` → `NumThreads`.
fn parser_class_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut cap = true;
    for c in name.chars() {
        if cap {
            out.push(c.to_ascii_uppercase());
            cap = false;
        } else {
            if c == '_' {
                cap = true;
            }
            out.push(c);
        }
    }
    out.replace('_', "")
}

impl Emitter<'_> {
    fn ifdef(&mut self, name: &str, body: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        let _ = write!(self.s, "#ifdef {name}\n#undef {name}\n");
        body(self)?;
        let _ = write!(self.s, "\n#endif // {name}\n\n");
        Ok(())
    }

    fn name_of(&self, rec: RecId) -> Result<&'static str> {
        self.lang.name_of(rec)
    }
    fn formatted(&self, rec: RecId) -> Result<String> {
        self.lang.formatted(rec)
    }
    fn clause_string(&self, clause: RecId, field: &str) -> Result<&'static str> {
        self.lang.f.string(clause, field)
    }
    fn clause_bit(&self, clause: RecId, field: &str) -> Result<bool> {
        self.lang.f.bit(clause, field)
    }
    fn parser_class(&self, clause: RecId) -> Result<String> {
        Ok(parser_class_name(self.name_of(clause)?))
    }

    fn flang_impl(&mut self) -> Result<()> {
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
        })?;
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
        self.flang_clauses_parser(base)
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
                    let parser = match flang_class {
                        "Name" => "name".to_owned(),
                        "ScalarIntConstantExpr" => "scalarIntConstantExpr".to_owned(),
                        "ScalarIntExpr" => "scalarIntExpr".to_owned(),
                        "ScalarExpr" => "scalarExpr".to_owned(),
                        "ScalarLogicalExpr" => "scalarLogicalExpr".to_owned(),
                        other => format!("Parser<{other}>{{}}"),
                    };
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

    /// `GenerateGetKind`: a StringSwitch over the names; implicit clauses map to the default.
    fn get_kind(
        &mut self,
        records: &[RecId],
        kind: &str,
        prefix: &str,
        implicit_as_unknown: bool,
        diags: &mut Diagnostics,
    ) -> Result<()> {
        let mut default = None;
        for &rec in records {
            if self.lang.f.bit(rec, "isDefault")? {
                default = Some(rec);
                break;
            }
        }
        let Some(default) = default else {
            diags.error(Loc::NONE, format!("At least one {kind} must be defined as default."));
            return Ok(());
        };
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
                    return f.string(rec, "name");
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
