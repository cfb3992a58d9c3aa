//! The `[lint]` table of tdq.toml: which lints run, at what level, on which records, and the
//! user lints.
//!
//! ```toml
//! [lint]
//! select = ["all"]                 # or ids; default: the lints enabled by default
//! ignore = ["unused-class"]
//! fail-on = "warning"              # findings at or above this level fail (exit 1)
//! severity = { duplicate-encoding = "error", asm-unknown-operand = "off" }
//! per-record-ignores = { "*_PSEUDO" = ["pseudo-with-encoding"], "G_*" = ["all"] }
//!
//! [[lint.user]]
//! id = "no-untyped-pseudo"
//! severity = "warning"
//! sql = "SELECT name AS record, 'pseudo without Size' AS message FROM records WHERE isPseudo = 1 AND Size = 0"
//! # or: file = "lints/untyped.sql"; message = "..." when the query returns no message column
//! ```

use crate::rules::{self, LINTS};
use crate::{Error, Level, Lint};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// A user lint: SQL over the store returning `record`, `message` and optionally `field`.
#[derive(Clone, Debug)]
pub struct UserLint {
    pub id: String,
    pub level: Level,
    pub sql: String,
    /// Used when the query returns no `message` column (or a NULL one).
    pub message: Option<String>,
}

/// What is enabled and how findings are filtered. [`Config::default`] runs the lints enabled
/// by default at their default levels.
#[derive(Clone, Debug)]
pub struct Config {
    /// Canned lints selected: `None` for the default set.
    select: Option<Vec<String>>,
    ignore: Vec<String>,
    levels: BTreeMap<String, Option<Level>>,
    /// (record glob, lint ids or `all`).
    per_record_ignores: Vec<(glob::Pattern, Vec<String>)>,
    pub fail_on: Level,
    pub user: Vec<UserLint>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            select: None,
            ignore: Vec::new(),
            levels: BTreeMap::new(),
            per_record_ignores: Vec::new(),
            fail_on: Level::Warning,
            user: Vec::new(),
        }
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, Error> {
    Err(Error(msg.into()))
}

impl Config {
    /// Reads the `[lint]` table. `base_dir` resolves a user lint's `file`.
    pub fn from_table(table: &Table, base_dir: &std::path::Path) -> Result<Config, Error> {
        let mut c = Config::default();
        for (key, value) in table {
            match key.as_str() {
                "select" => c.select = Some(ids(key, value)?),
                "ignore" => c.ignore = ids(key, value)?,
                "fail-on" => c.fail_on = level(key, value)?.unwrap_or(Level::Error),
                "severity" => {
                    let Some(t) = value.as_table() else {
                        return err("lint.severity: expected a table of lint id = level");
                    };
                    for (id, v) in t {
                        c.levels.insert(id.clone(), level(&format!("severity.{id}"), v)?);
                    }
                }
                "per-record-ignores" => {
                    let Some(t) = value.as_table() else {
                        return err("lint.per-record-ignores: expected a table of record glob = [lint ids]");
                    };
                    for (glob, v) in t {
                        let pattern = glob::Pattern::new(glob)
                            .map_err(|e| Error(format!("lint.per-record-ignores: bad glob `{glob}`: {e}")))?;
                        c.per_record_ignores.push((pattern, ids(&format!("per-record-ignores.{glob}"), v)?));
                    }
                }
                "user" => {
                    let Some(list) = value.as_array() else { return err("lint.user: expected [[lint.user]] tables") };
                    for item in list {
                        let Some(t) = item.as_table() else { return err("lint.user: expected [[lint.user]] tables") };
                        c.user.extend(user_lint(t, base_dir)?);
                    }
                }
                other => {
                    return err(format!(
                    "lint.{other}: unknown key (expected select, ignore, fail-on, severity, per-record-ignores, user)"
                ))
                }
            }
        }
        let user_ids: Vec<String> = c.user.iter().map(|u| u.id.clone()).collect();
        if let Some(select) = &c.select {
            check_ids("lint.select", select, &user_ids)?;
        }
        check_ids("lint.ignore", &c.ignore, &user_ids)?;
        for id in c.levels.keys() {
            if rules::find(id).is_none() && !user_ids.contains(id) {
                return err(format!("lint.severity: unknown lint `{id}`"));
            }
        }
        for (_, ids) in &c.per_record_ignores {
            if let Some(bad) = ids.iter().find(|i| *i != "all" && rules::find(i).is_none() && !user_ids.contains(i)) {
                return err(format!("lint.per-record-ignores: unknown lint `{bad}`"));
            }
        }
        // `severity` covers user lints too: a level replaces theirs, `off` drops them.
        let levels = &c.levels;
        c.user.retain_mut(|u| match levels.get(&u.id) {
            Some(Some(level)) => {
                u.level = *level;
                true
            }
            Some(None) => false,
            None => true,
        });
        for (i, id) in user_ids.iter().enumerate() {
            if rules::find(id).is_some() || user_ids[..i].contains(id) || id == "all" {
                return err(format!("lint.user: id `{id}` is already taken"));
            }
        }
        Ok(c)
    }

    /// Command-line `--select`/`--ignore`: replace or extend what the file said. Ids are
    /// canned lints' or this configuration's user lints'.
    pub fn override_select(&mut self, select: &[String]) -> Result<(), Error> {
        check_ids("--select", select, &self.user_ids())?;
        self.select = Some(select.to_vec());
        Ok(())
    }
    pub fn extend_ignore(&mut self, ignore: &[String]) -> Result<(), Error> {
        check_ids("--ignore", ignore, &self.user_ids())?;
        self.ignore.extend_from_slice(ignore);
        Ok(())
    }

    fn user_ids(&self) -> Vec<String> {
        self.user.iter().map(|u| u.id.clone()).collect()
    }

    /// The user lints that run, less those `ignore` names: all of them, unless `select` names
    /// some user lints, when only those (a `select` of canned lints alone, as a config file
    /// written before user lints had ids there says, leaves the user lints running).
    pub fn running_user_lints(&self) -> impl Iterator<Item = &UserLint> {
        let names_user = |s: &[String]| s.iter().any(|x| self.user.iter().any(|u| u.id == *x));
        self.user.iter().filter(move |u| {
            let selected = match &self.select {
                Some(s) if names_user(s) => s.iter().any(|x| x == "all" || *x == u.id),
                _ => true,
            };
            selected && !self.ignore.iter().any(|x| x == "all" || *x == u.id)
        })
    }

    /// The level a canned lint runs at, or `None` when it does not run.
    pub fn level_of(&self, lint: &Lint) -> Option<Level> {
        let selected = match &self.select {
            None => lint.enabled_by_default,
            Some(s) => s.iter().any(|x| x == "all" || x == lint.id),
        };
        if !selected || self.ignore.iter().any(|x| x == "all" || x == lint.id) {
            return None;
        }
        match self.levels.get(lint.id) {
            Some(level) => *level,
            None => Some(lint.default_level),
        }
    }

    /// Whether a per-record ignore covers this lint on this record.
    pub fn ignores_record(&self, lint: &str, record: &str) -> bool {
        self.per_record_ignores.iter().any(|(p, ids)| ids.iter().any(|i| i == "all" || i == lint) && p.matches(record))
    }
}

fn ids(key: &str, value: &Value) -> Result<Vec<String>, Error> {
    let Some(list) = value.as_array() else { return err(format!("lint.{key}: expected a list of lint ids")) };
    let mut out = Vec::new();
    for v in list {
        let Some(s) = v.as_str() else { return err(format!("lint.{key}: expected a list of lint ids")) };
        out.push(s.to_string());
    }
    Ok(out)
}

fn check_ids(key: &str, ids: &[String], user_ids: &[String]) -> Result<(), Error> {
    match ids.iter().find(|i| *i != "all" && rules::find(i).is_none() && !user_ids.contains(i)) {
        Some(bad) => err(format!(
            "{key}: unknown lint `{bad}` (`tdq lint --list` lists them: {})",
            LINTS.iter().map(|l| l.id).chain(user_ids.iter().map(String::as_str)).collect::<Vec<_>>().join(", ")
        )),
        None => Ok(()),
    }
}

/// A level, or `off` (`None`).
fn level(key: &str, value: &Value) -> Result<Option<Level>, Error> {
    match value.as_str() {
        Some("off") => Ok(None),
        Some(s) => match Level::parse(s) {
            Some(l) => Ok(Some(l)),
            None => err(format!("lint.{key}: `{s}` is not a level (error, warning, note, off)")),
        },
        None => err(format!("lint.{key}: expected a level (error, warning, note, off)")),
    }
}

/// A `[[lint.user]]` table; `None` when its severity is `off`.
fn user_lint(t: &Table, base_dir: &std::path::Path) -> Result<Option<UserLint>, Error> {
    let get = |k: &str| t.get(k).and_then(Value::as_str).map(str::to_string);
    let Some(id) = get("id") else { return err("lint.user: every user lint needs an `id`") };
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '/') {
        return err(format!("lint.user: id `{id}` must be letters, digits, `-`, `_` or `/`"));
    }
    for k in t.keys() {
        if !["id", "severity", "sql", "file", "message"].contains(&k.as_str()) {
            return err(format!("lint.user `{id}`: unknown key `{k}` (expected id, severity, sql, file, message)"));
        }
    }
    let level = match t.get("severity") {
        Some(v) => level(&format!("user `{id}` severity"), v)?,
        None => Some(Level::Warning),
    };
    let sql = match (get("sql"), get("file")) {
        (Some(sql), None) => sql,
        (None, Some(file)) => {
            let path = base_dir.join(&file);
            std::fs::read_to_string(&path)
                .map_err(|e| Error(format!("lint.user `{id}`: cannot read {}: {e}", path.display())))?
        }
        _ => return err(format!("lint.user `{id}`: give exactly one of `sql` and `file`")),
    };
    Ok(level.map(|level| UserLint { id, level, sql, message: get("message") }))
}
