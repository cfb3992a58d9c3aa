//! The directive-language model (LLVM's llvm/TableGen/DirectiveEmitter.h): the one
//! `DirectiveLanguage` def (OpenMP, OpenACC) and the `Directive`, `Clause`,
//! `VersionedClause` and `ClauseVal` defs it describes, read with LLVM's accessors, and the
//! validity checks both directive backends run first. Since LLVM 22 directives and clauses
//! are named by their spellings (each with the versions it is valid in) rather than a `name`,
//! and directives say their source languages.

use crate::records::{all_derived_definitions, Fatal, Fields};
use std::collections::{BTreeSet, HashMap};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Diagnostics, Evaluation, Loc, Release};

type Result<T> = std::result::Result<T, Fatal>;

/// The `DirectiveLanguage` def and its settings.
pub struct DirectiveLanguage<'a> {
    pub f: Fields<'a>,
    pub def: RecId,
    pub name: &'static str,
    pub cpp_namespace: &'static str,
    pub directive_prefix: &'static str,
    pub clause_prefix: &'static str,
    /// LLVM 22 on: directives and clauses have `spellings`, not a `name`; checks and
    /// messages name records by their def names.
    pub spelled: bool,
    /// The association defs the release's emitter knows, by def name.
    associations: &'static [(&'static str, Association)],
}

/// What a release's directive model reads.
struct Rules {
    /// [`DirectiveLanguage::spelled`].
    spelled: bool,
    /// [`DirectiveLanguage::association_of`]'s table.
    associations: &'static [(&'static str, Association)],
}

const RULES_19: Rules = Rules { spelled: false, associations: ASSOCIATIONS_19 };
const RULES_22: Rules = Rules { spelled: true, associations: ASSOCIATIONS_22 };
const RULES: ByRelease<Rules> = ByRelease { v19: RULES_19, v22: RULES_22, v23: RULES_22 };

/// One spelling of a directive or clause (LLVM 22's `Spelling::Value`).
#[derive(Clone, Copy, Debug)]
pub struct Spelling {
    pub text: &'static str,
    pub min: i64,
    pub max: i64,
}

/// An association (LLVM's local `Association` enum); the order matters to
/// [`DirectiveLanguage::association`]'s reduction.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Association {
    None,
    Block,
    Declaration,
    Delimited,
    /// LLVM 19's `AS_Loop`.
    Loop,
    LoopNest,
    LoopSeq,
    Separating,
    FromLeaves,
    Invalid,
}

impl Association {
    fn is_loop(self) -> bool {
        matches!(self, Association::Loop | Association::LoopNest | Association::LoopSeq)
    }
}

/// The association defs each release's emitter knows, by def name.
const ASSOCIATIONS_19: &[(&str, Association)] = &[
    ("AS_Block", Association::Block),
    ("AS_Declaration", Association::Declaration),
    ("AS_Delimited", Association::Delimited),
    ("AS_Loop", Association::Loop),
    ("AS_None", Association::None),
    ("AS_Separating", Association::Separating),
    ("AS_FromLeaves", Association::FromLeaves),
];
const ASSOCIATIONS_22: &[(&str, Association)] = &[
    ("AS_Block", Association::Block),
    ("AS_Declaration", Association::Declaration),
    ("AS_Delimited", Association::Delimited),
    ("AS_LoopNest", Association::LoopNest),
    ("AS_LoopSeq", Association::LoopSeq),
    ("AS_None", Association::None),
    ("AS_Separating", Association::Separating),
    ("AS_FromLeaves", Association::FromLeaves),
];

/// Combines two leaves' associations: `x + x = x`, `None + x = x`, `Block + Loop = Loop`.
fn reduce(a: Association, b: Association) -> Association {
    let (a, b) = if a > b { (b, a) } else { (a, b) };
    if a == Association::None || a == b || (a == Association::Block && b.is_loop()) {
        b
    } else {
        Association::Invalid
    }
}

impl<'a> DirectiveLanguage<'a> {
    /// The language, once `HasValidityErrors` passed: exactly one `DirectiveLanguage`, no
    /// clause twice on a directive. Duplicates are reported (as LLVM's `PrintError`) into
    /// `diags` before the fatal error.
    pub fn read(input: &'a Evaluation, release: Release, diags: &mut Diagnostics) -> Result<DirectiveLanguage<'a>> {
        let f = Fields { input };
        let languages = all_derived_definitions(input, "DirectiveLanguage")?;
        if languages.len() != 1 {
            return Err(Fatal::new(&[], "A single definition of DirectiveLanguage is needed."));
        }
        let def = languages[0];
        let rules = RULES.get(release);
        let lang = DirectiveLanguage {
            name: f.string(def, "name")?,
            cpp_namespace: f.string(def, "cppNamespace")?,
            directive_prefix: f.string(def, "directivePrefix")?,
            clause_prefix: f.string(def, "clausePrefix")?,
            spelled: rules.spelled,
            associations: rules.associations,
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
                        let key = if self.spelled { self.f.name(clause) } else { self.name_of(clause)? };
                        if !seen.insert(key) {
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
                return Err(Fatal(all));
            }
        }
        Ok(())
    }

    /// `Spelling`s of a directive or clause (LLVM 22 on), in their order.
    pub fn spellings(&self, rec: RecId) -> Result<Vec<Spelling>> {
        let f = &self.f;
        let mut spellings = Vec::new();
        for spelling in f.defs(rec, "spellings")? {
            let text = f.string(spelling, "spelling")?;
            spellings.push(Spelling { text, min: f.int(spelling, "minVersion")?, max: f.int(spelling, "maxVersion")? });
        }
        Ok(spellings)
    }

    /// `getSpellingForIdentifier`: the first of the oldest spellings.
    pub fn spelling_for_identifier(&self, rec: RecId) -> Result<&'static str> {
        let mut oldest = ("not found", i64::from(i32::MAX));
        for spelling in self.spellings(rec)? {
            if spelling.min < oldest.1 {
                oldest = (spelling.text, spelling.min);
            }
        }
        Ok(oldest.0)
    }

    /// LLVM 22's `getFormattedName`: the `name` if there is one, else the spelling for
    /// identifiers, with spaces as underscores. LLVM 19: [`Self::formatted`].
    pub fn identifier(&self, rec: RecId) -> Result<String> {
        if !self.spelled {
            return self.formatted(rec);
        }
        let name = match self.f.optional_string(rec, "name")? {
            Some(name) => name,
            None => self.spelling_for_identifier(rec)?,
        };
        Ok(name.replace(' ', "_"))
    }

    /// The name messages give a directive: its `name` (LLVM 19) or def name.
    pub fn record_name(&self, rec: RecId) -> Result<&'static str> {
        if self.spelled {
            Ok(self.f.name(rec))
        } else {
            self.name_of(rec)
        }
    }

    /// The association an `Association` def stands for in this release's emitter.
    pub fn association_of(&self, def_name: &str) -> Association {
        self.associations.iter().find(|(name, _)| *name == def_name).map_or(Association::Invalid, |&(_, a)| a)
    }

    /// A directive's association, those taken from leaves combined; `computed` remembers
    /// each directive's.
    pub fn association(&self, dir: RecId, computed: &mut HashMap<RecId, Association>) -> Result<Association> {
        if let Some(&a) = computed.get(&dir) {
            return Ok(a);
        }
        let f = &self.f;
        let prefix = format!("Directive '{}' in namespace '{}' ", self.record_name(dir)?, self.cpp_namespace);
        let assoc_def = f.def(dir, "association")?;
        let assoc = self.association_of(f.name(assoc_def));
        if assoc == Association::Invalid {
            let message = format!("{prefix}has an unrecognized value for association: '{}'", f.name(assoc_def));
            return Err(Fatal::new(&[], message));
        }
        if assoc != Association::FromLeaves {
            computed.insert(dir, assoc);
            return Ok(assoc);
        }
        let leaves = f.defs(dir, "leafConstructs")?;
        let Some((&first, rest)) = leaves.split_first() else {
            let message = format!("{prefix}requests association to be computed from leaves, but it has no leaves");
            return Err(Fatal::new(&[], message));
        };
        let mut result = self.association(first, computed)?;
        for &leaf in rest {
            let a = self.association(leaf, computed)?;
            let r = reduce(result, a);
            if r == Association::Invalid {
                let message = format!("{prefix}has leaves with incompatible association values");
                return Err(Fatal::new(&[], message));
            }
            result = r;
        }
        computed.insert(dir, result);
        Ok(result)
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
