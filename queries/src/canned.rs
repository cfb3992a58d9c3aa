//! Canned queries: one `.sql` file each in `queries/sql/`, plus one line in [`CANNED`].
//!
//! A file starts with comment lines: the description, then `-- param: NAME  meaning` for each
//! named parameter (`:NAME` in the SQL), given positionally by `tdq q NAME ARGS...` or as
//! `--param NAME=VALUE`.

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
];

/// A canned query with its header read.
#[derive(Clone, Debug)]
pub struct Canned {
    pub name: &'static str,
    pub sql: &'static str,
    pub description: String,
    /// `(name, meaning)`, in order.
    pub params: Vec<(String, String)>,
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
    for line in sql.lines() {
        let Some(comment) = line.strip_prefix("--") else { break };
        let comment = comment.trim();
        match comment.strip_prefix("param:") {
            Some(p) => {
                let p = p.trim();
                let (n, meaning) = p.split_once(char::is_whitespace).unwrap_or((p, ""));
                params.push((n.to_owned(), meaning.trim().to_owned()));
            }
            None => description.push(comment.to_owned()),
        }
    }
    Canned { name, sql, description: description.join(" "), params }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canned_query_documents_its_parameters() {
        for q in all() {
            assert!(!q.description.is_empty(), "{} has no description", q.name);
            let used: std::collections::BTreeSet<String> =
                crate::scan::identifiers(q.sql).into_iter().filter(|id| q.sql.contains(&format!(":{id}"))).collect();
            let declared: std::collections::BTreeSet<String> = q.params.iter().map(|p| p.0.clone()).collect();
            assert_eq!(used, declared, "{}", q.name);
        }
    }
}
