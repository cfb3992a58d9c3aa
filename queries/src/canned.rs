//! Canned queries: one `.sql` file each in `queries/sql/`, plus one line in [`CANNED`].
//!
//! A file starts with comment lines: the description, then `-- param: NAME  meaning` for each
//! named parameter (`:NAME` in the SQL), given positionally by `tdq q NAME ARGS...` or as
//! `--param NAME=VALUE`. `-- param: NAME:KIND  meaning` says what the value must name (`def`,
//! `record` — a def or a class —, or `field`): a name the store lacks is an error
//! ([`Canned::check`]), not an empty result.

use crate::{closest, Cell, Engine, Param, QueryError};

/// Every canned query: its name and text.
pub static CANNED: &[(&str, &str)] = &[
    ("flags", include_str!("../sql/flags.sql")),
    ("with-flag", include_str!("../sql/with-flag.sql")),
    ("provenance", include_str!("../sql/provenance.sql")),
    ("hierarchy", include_str!("../sql/hierarchy.sql")),
    ("per-class", include_str!("../sql/per-class.sql")),
    ("unused-classes", include_str!("../sql/unused-classes.sql")),
    ("defm-chain", include_str!("../sql/defm-chain.sql")),
    ("sources", include_str!("../sql/sources.sql")),
    ("unscheduled", include_str!("../sql/unscheduled.sql")),
    ("sub-registers", include_str!("../sql/sub-registers.sql")),
    ("inferred-flags", include_str!("../sql/inferred-flags.sql")),
];

/// A canned query with its header read.
#[derive(Clone, Debug)]
pub struct Canned {
    pub name: &'static str,
    pub sql: &'static str,
    pub description: String,
    /// `(name, meaning)`, in order.
    pub params: Vec<(String, String)>,
    /// What each parameter must name, in the order of `params`.
    pub kinds: Vec<Option<Names>>,
}

/// What a parameter's value must name in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    Def,
    /// A def or a class.
    Record,
    Field,
}

impl Names {
    fn parse(s: &str) -> Option<Names> {
        match s {
            "def" => Some(Names::Def),
            "record" => Some(Names::Record),
            "field" => Some(Names::Field),
            _ => None,
        }
    }

    /// The word for it in messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Names::Def => "def",
            Names::Record => "def or class",
            Names::Field => "field",
        }
    }

    /// Every name of this kind in the store, in SQL both engines accept.
    fn all_sql(self) -> &'static str {
        match self {
            Names::Def => "SELECT name FROM tdq_records WHERE kind <> 'class'",
            Names::Record => "SELECT name FROM tdq_records",
            Names::Field => "SELECT field FROM tdq_columns",
        }
    }

    /// One row when `:value` is such a name.
    fn exists_sql(self) -> &'static str {
        match self {
            Names::Def => "SELECT 1 FROM tdq_records WHERE name = :value AND kind <> 'class'",
            Names::Record => "SELECT 1 FROM tdq_records WHERE name = :value",
            Names::Field => "SELECT 1 FROM tdq_columns WHERE field = :value",
        }
    }
}

/// Why a canned query was not run.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckError {
    /// A parameter names what the store does not have.
    NoSuch {
        what: Names,
        name: String,
        did_you_mean: Option<String>,
    },
    Query(QueryError),
}

impl Canned {
    /// Checks that every parameter that names a def, record or field names one the store has.
    pub fn check(&self, engine: &mut dyn Engine, params: &[Param]) -> Result<(), CheckError> {
        for ((pname, _), kind) in self.params.iter().zip(&self.kinds) {
            let (Some(kind), Some(p)) = (kind, params.iter().find(|p| &p.name == pname)) else { continue };
            let value = Param { name: "value".into(), value: p.value.clone() };
            let found = engine.run(kind.exists_sql(), &[value]).map_err(CheckError::Query)?;
            if found.iter().any(|rs| !rs.rows.is_empty()) {
                continue;
            }
            let name = match &p.value {
                Cell::Text(t) => t.clone(),
                other => other.to_string(),
            };
            let names = engine.run(kind.all_sql(), &[]).map_err(CheckError::Query)?;
            let names: Vec<String> = names.into_iter().flat_map(|rs| rs.first_column_texts()).collect();
            let did_you_mean = closest(&name, names.iter().map(String::as_str)).map(str::to_owned);
            return Err(CheckError::NoSuch { what: *kind, name, did_you_mean });
        }
        Ok(())
    }
}

pub fn all() -> Vec<Canned> {
    CANNED.iter().map(|&(name, sql)| parse(name, sql)).collect()
}

pub fn find(name: &str) -> Option<Canned> {
    CANNED.iter().find(|(n, _)| *n == name).map(|&(n, sql)| parse(n, sql))
}

fn parse(name: &'static str, sql: &'static str) -> Canned {
    let mut description = Vec::new();
    let mut params = Vec::new();
    let mut kinds = Vec::new();
    for line in sql.lines() {
        let Some(comment) = line.strip_prefix("--") else { break };
        let comment = comment.trim();
        match comment.strip_prefix("param:") {
            Some(p) => {
                let p = p.trim();
                let (n, meaning) = p.split_once(char::is_whitespace).unwrap_or((p, ""));
                let (n, kind) = match n.split_once(':') {
                    Some((n, kind)) => (n, Names::parse(kind)),
                    None => (n, None),
                };
                params.push((n.to_owned(), meaning.trim().to_owned()));
                kinds.push(kind);
            }
            None => description.push(comment.to_owned()),
        }
    }
    Canned { name, sql, description: description.join(" "), params, kinds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canned_query_documents_its_parameters() {
        for q in all() {
            assert!(!q.description.is_empty(), "{} has no description", q.name);
            let body: String = q.sql.lines().filter(|l| !l.starts_with("--")).collect::<Vec<_>>().join("\n");
            let used: std::collections::BTreeSet<String> =
                crate::scan::identifiers(&body).into_iter().filter(|id| body.contains(&format!(":{id}"))).collect();
            let declared: std::collections::BTreeSet<String> = q.params.iter().map(|p| p.0.clone()).collect();
            assert_eq!(used, declared, "{}", q.name);
        }
    }

    #[test]
    fn every_parameter_kind_is_known() {
        for &(name, sql) in CANNED {
            for line in sql.lines().filter_map(|l| l.strip_prefix("-- param:")) {
                let word = line.split_whitespace().next().unwrap_or("");
                if let Some((_, kind)) = word.split_once(':') {
                    assert!(Names::parse(kind).is_some(), "{name}: unknown parameter kind `{kind}`");
                }
            }
        }
    }
}
