//! tdq-lints: checks over evaluated TableGen records that find what llvm-tblgen accepts but a
//! target maintainer would want to know.
//!
//! A lint is a [`Lint`]: a stable id, a doc (what it finds, why it matters, one example that
//! fires and one that does not — the examples are the lint's tests) and a check over a
//! [`Context`]. Canned lints live one to a file in `rules/`; user lints are SQL queries over the
//! store ([`user`]). [`run`] runs the enabled ones and returns [`Finding`]s located where a
//! maintainer must edit; [`config`] decides what is enabled, [`suppress`] what is allowed or
//! already in a baseline, and [`output`] renders the findings as text, JSON, SARIF or GitHub
//! annotations.

#![forbid(unsafe_code)]

pub mod config;
pub mod context;
pub mod doc;
pub mod output;
pub mod rules;
pub mod suppress;
pub mod user;

pub use config::Config;
pub use context::Context;

use tdq_core::record::Record;
use tdq_core::types::RecId;
use tdq_core::Loc;

/// What went wrong, for the user: a configuration mistake, a user lint's SQL, a missing store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// How serious a finding is. Ordered: a failing level fails on it and everything above.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Level {
    Note,
    Warning,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Note => "note",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "note" => Some(Level::Note),
            "warning" => Some(Level::Warning),
            "error" => Some(Level::Error),
            _ => None,
        }
    }
}

/// A canned lint. Declared with [`declare_lint!`], which takes the doc from the doc comment.
pub struct Lint {
    /// Stable id, kebab-case: used in configuration, suppressions, baselines and SARIF.
    pub id: &'static str,
    pub default_level: Level,
    /// Off-by-default lints run only when selected.
    pub enabled_by_default: bool,
    /// Markdown: the first line is the summary; then what it finds, why it matters, and the
    /// examples (```` ```tablegen fires ```` / ```` ```tablegen passes ````).
    pub doc: &'static str,
    pub check: fn(&Context, &mut Sink),
}

impl Lint {
    /// The doc's first paragraph, on one line.
    pub fn summary(&self) -> String {
        let lines = self.doc.lines().map(str::trim).skip_while(|l| l.is_empty());
        lines.take_while(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
    }
}

/// Declares a canned lint whose doc is its doc comment (as clippy's `declare_clippy_lint!`):
/// the text `--explain` prints, the SARIF help and the test examples come from one place.
#[macro_export]
macro_rules! declare_lint {
    (
        $(#[doc = $doc:literal])*
        pub static $name:ident = {
            id: $id:literal,
            level: $level:ident,
            enabled_by_default: $on:literal,
            check: $check:path $(,)?
        };
    ) => {
        $(#[doc = $doc])*
        pub static $name: $crate::Lint = $crate::Lint {
            id: $id,
            default_level: $crate::Level::$level,
            enabled_by_default: $on,
            doc: concat!($($doc, "\n"),*),
            check: $check,
        };
    };
}

/// A note attached to a finding: where a value was set, or a defm that instantiated the def.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub loc: Loc,
    pub message: String,
}

/// One finding: the lint, the record and (when one value is to blame) the field, located at the
/// def with notes at the `let` or class body line that set the value and at each `defm`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub lint: String,
    pub level: Level,
    pub record: String,
    pub field: Option<String>,
    pub message: String,
    /// The def (or class); [`Loc::NONE`] when the record is unknown (a user lint's typo).
    pub loc: Loc,
    pub notes: Vec<Note>,
    /// For an anonymous def or one named from an anonymous `defm` (whose number shifts when
    /// anything anonymous is added before it): what it is whatever its number,
    /// `tdq_core::anonymous::record_key` (`anonymous_#C@0123456789abcdef`), the identity
    /// `tdq diff` matches it by.
    pub identity: Option<String>,
}

impl Finding {
    /// What a baseline and a SARIF fingerprint key on: lint, record and field, never lines; the
    /// record by its [`Finding::identity`] when its name is numbered, never by the number.
    pub fn key(&self) -> (String, String, String) {
        let record = self.identity.as_ref().unwrap_or(&self.record);
        (self.lint.clone(), record.clone(), self.field.clone().unwrap_or_default())
    }
}

/// Longer values are left out of "set here" notes (a 32-bit `Inst` prints as 100 characters).
const MAX_NOTE_VALUE: usize = 40;

/// Where a check reports: builds located findings for one lint.
pub struct Sink<'a> {
    ctx: &'a Context<'a>,
    lint: String,
    level: Level,
    pub findings: Vec<Finding>,
}

impl<'a> Sink<'a> {
    pub fn new(ctx: &'a Context<'a>, lint: &str, level: Level) -> Sink<'a> {
        Sink { ctx, lint: lint.to_string(), level, findings: Vec::new() }
    }

    /// Reports `rec`, blaming `field` (whose `set_at` becomes a note) when given.
    pub fn report(&mut self, rec: RecId, field: Option<&str>, message: impl Into<String>) {
        let finding = self.locate(self.ctx.rk.get(rec), field, message.into());
        self.findings.push(finding);
    }

    /// As [`Sink::report`], with one more note (another record involved, say).
    pub fn report_with(&mut self, rec: RecId, field: Option<&str>, message: impl Into<String>, extra: Note) {
        let mut finding = self.locate(self.ctx.rk.get(rec), field, message.into());
        finding.notes.insert(0, extra);
        self.findings.push(finding);
    }

    /// Reports a record by name (user lints); an unknown name gives a finding with no location.
    pub fn report_named(&mut self, name: &str, field: Option<&str>, message: String) {
        let rk = self.ctx.rk;
        match rk.def(name).or_else(|| rk.class(name)) {
            Some(id) => self.report(id, field, message),
            None => self.findings.push(Finding {
                lint: self.lint.clone(),
                level: self.level,
                record: name.to_string(),
                field: field.map(str::to_string),
                message,
                loc: Loc::NONE,
                notes: Vec::new(),
                identity: None,
            }),
        }
    }

    fn locate(&self, rec: &Record, field: Option<&str>, message: String) -> Finding {
        let loc = rec.loc();
        let mut notes = Vec::new();
        if let Some(rv) = field.and_then(|f| rec.value_by_str(f)) {
            let at = rv.set_at();
            if !at.is_none() && at != loc {
                let value = rv.value.to_string();
                let message = match value.len() {
                    0..=MAX_NOTE_VALUE => format!("`{}` set to {value} here", rv.name_str()),
                    _ => format!("`{}` set here", rv.name_str()),
                };
                notes.push(Note { loc: at, message });
            }
        }
        for step in &rec.defm_chain {
            notes.push(Note {
                loc: step.defm_loc,
                message: format!("instantiated by this defm of multiclass `{}`", step.multiclass),
            });
        }
        Finding {
            lint: self.lint.clone(),
            level: self.level,
            record: rec.name_string(),
            field: field.map(str::to_string),
            message,
            loc,
            notes,
            identity: tdq_core::anonymous::record_key(self.ctx.rk, rec),
        }
    }
}

/// Runs the lints `config` enables (canned and user) over an evaluation, then drops what inline
/// `tdq-lint: allow(...)` comments and the config's per-record ignores allow. Findings come
/// sorted by file position, then lint.
pub fn run(ctx: &Context, config: &Config, sql: Option<&dyn user::SqlSource>) -> Result<Vec<Finding>, Error> {
    let mut findings = Vec::new();
    for lint in rules::LINTS {
        let Some(level) = config.level_of(lint) else { continue };
        let mut sink = Sink::new(ctx, lint.id, level);
        (lint.check)(ctx, &mut sink);
        findings.append(&mut sink.findings);
    }
    if config.running_user_lints().next().is_some() {
        let Some(sql) = sql else {
            return Err(Error("user lints need the record store, which is not available here".into()));
        };
        for u in config.running_user_lints() {
            let mut sink = Sink::new(ctx, &u.id, u.level);
            user::run_user_lint(u, sql, &mut sink)?;
            findings.append(&mut sink.findings);
        }
    }
    findings.retain(|f| !config.ignores_record(&f.lint, &f.record) && !suppress::allowed_inline(ctx, f));
    sort(&mut findings);
    Ok(findings)
}

/// Source order (file index, offset), then lint id and record name: stable across runs.
pub fn sort(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        let pa = (a.loc.is_none(), a.loc.file, a.loc.offset);
        let pb = (b.loc.is_none(), b.loc.file, b.loc.offset);
        pa.cmp(&pb).then_with(|| a.lint.cmp(&b.lint)).then_with(|| a.record.cmp(&b.record))
    });
}
