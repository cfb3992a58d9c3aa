//! The directive-language model (LLVM's llvm/TableGen/DirectiveEmitter.h): the one
//! `DirectiveLanguage` def (OpenMP, OpenACC) and the `Directive`, `Clause`,
//! `VersionedClause` and `ClauseVal` defs it describes, read with LLVM's accessors, and the
//! validity checks both directive backends run first.

use crate::common::records::Fields;
use crate::{all_derived_definitions, BackendError};
use std::collections::BTreeSet;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation, Loc};

type Result<T> = std::result::Result<T, BackendError>;

/// The `DirectiveLanguage` def and its settings.
pub struct DirectiveLanguage<'a> {
    pub f: Fields<'a>,
    pub def: RecId,
    pub name: &'static str,
    pub cpp_namespace: &'static str,
    pub directive_prefix: &'static str,
    pub clause_prefix: &'static str,
}

impl<'a> DirectiveLanguage<'a> {
    /// The language, once `HasValidityErrors` passed: exactly one `DirectiveLanguage`, no
    /// clause twice on a directive. Duplicates are reported (as LLVM's `PrintError`) into
    /// `diags` before the fatal error.
    pub fn read(input: &'a Evaluation, diags: &mut Diagnostics) -> Result<DirectiveLanguage<'a>> {
        let f = Fields { input };
        let languages = all_derived_definitions(input, "DirectiveLanguage")?;
        if languages.len() != 1 {
            return Err(BackendError::fatal(&[], "A single definition of DirectiveLanguage is needed."));
        }
        let def = languages[0];
        let lang = DirectiveLanguage {
            name: f.string(def, "name")?,
            cpp_namespace: f.string(def, "cppNamespace")?,
            directive_prefix: f.string(def, "directivePrefix")?,
            clause_prefix: f.string(def, "clausePrefix")?,
            f,
            def,
        };
        lang.check_duplicate_clauses(diags)?;
        Ok(lang)
    }

    pub fn string(&self, field: &str) -> Result<&'static str> {
        self.f.string(self.def, field)
    }
    pub fn bit(&self, field: &str) -> Result<bool> {
        self.f.bit(self.def, field)
    }
    pub fn defs_of(&self, class: &str) -> Result<Vec<RecId>> {
        all_derived_definitions(self.f.input, class)
    }
    pub fn directives(&self) -> Result<Vec<RecId>> {
        self.defs_of("Directive")
    }
    pub fn clauses(&self) -> Result<Vec<RecId>> {
        self.defs_of("Clause")
    }

    /// `BaseRecord::getName`: the `name` field.
    pub fn name_of(&self, rec: RecId) -> Result<&'static str> {
        self.f.string(rec, "name")
    }
    /// `getFormattedName`: the name with spaces as underscores.
    pub fn formatted(&self, rec: RecId) -> Result<String> {
        Ok(self.name_of(rec)?.replace(' ', "_"))
    }
    /// `VersionedClause::getClause`.
    pub fn clause_of(&self, versioned: RecId) -> Result<RecId> {
        self.f.def(versioned, "clause")
    }

    /// `HasDuplicateClausesInDirectives`.
    fn check_duplicate_clauses(&self, diags: &mut Diagnostics) -> Result<()> {
        let mut has_duplicate = false;
        for dir in self.directives()? {
            let mut seen = BTreeSet::new();
            let mut duplicates = |lists: &[&str], seen: &mut BTreeSet<&'static str>| -> Result<bool> {
                // `A || B || C`: the lists after one with a duplicate are not looked at.
                for list in lists {
                    let mut found = false;
                    for versioned in self.f.defs(dir, list)? {
                        let clause = self.clause_of(versioned)?;
                        if !seen.insert(self.name_of(clause)?) {
                            let message = format!(
                                "Clause {} already defined on directive {}",
                                self.f.name(clause),
                                self.f.name(dir)
                            );
                            diags.error(Loc::NONE, message);
                            found = true;
                        }
                    }
                    if found {
                        return Ok(true);
                    }
                }
                Ok(false)
            };
            if duplicates(&["allowedClauses", "allowedOnceClauses", "allowedExclusiveClauses"], &mut seen)? {
                has_duplicate = true;
            }
            seen.clear();
            if duplicates(&["allowedClauses", "requiredClauses"], &mut seen)? {
                has_duplicate = true;
            }
            if has_duplicate {
                let message =
                    format!("One or more clauses are defined multiple times on directive {}", self.f.name(dir));
                let mut all = std::mem::take(diags);
                all.error(Loc::NONE, message);
                return Err(BackendError::Fatal(all));
            }
        }
        Ok(())
    }

    /// The namespaces of `cppNamespace` (`SplitString` at `::`, empty parts dropped).
    pub fn namespaces(&self) -> Vec<&'static str> {
        self.cpp_namespace.split("::").filter(|s| !s.is_empty()).collect()
    }

    /// `GetMaxLeafCount`.
    pub fn max_leaf_count(&self) -> Result<usize> {
        let mut max = 0;
        for dir in self.directives()? {
            max = max.max(self.f.list(dir, "leafConstructs")?.len());
        }
        Ok(max)
    }
}
