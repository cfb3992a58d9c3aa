//! Where the records come from: `--td FILE -I DIR -D NAME` on the command line, or a
//! `tdq.toml` found in the working directory or above it.
//!
//! ```toml
//! [sources]
//! root = "lib/Target/X86/X86.td"     # relative to this file
//! include = ["include", "lib/Target/X86"]
//! define = []
//! llvm-version = "23"               # optional: the LLVM release to evaluate as
//!
//! [lint]                             # read by `tdq lint` (see lints/README.md)
//!
//! [limits]
//! max-memory = "8G"                  # optional: the memory bound (--max-memory)
//! ```

use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

pub const PROJECT_FILE: &str = "tdq.toml";

/// The inputs of one evaluation, as llvm-tblgen takes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// The root .td file, as given (relative to the working directory) or made absolute from a
    /// tdq.toml.
    pub root: String,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    /// The LLVM release whose llvm-tblgen the evaluation matches.
    pub release: tdq_core::Release,
    /// What chose `release` (the store's `meta` keeps it as `llvm_version_from`).
    pub release_from: ReleaseFrom,
}

/// What chose an evaluation's release: the first of these that names one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ReleaseFrom {
    /// `--llvm-version` (or `--old-llvm-version`/`--new-llvm-version` on `tdq diff`).
    Flag,
    /// The environment variable [`RELEASE_ENV`].
    Env,
    /// `llvm-version` in this tdq.toml.
    Config(PathBuf),
    /// This `cmake/Modules/LLVMVersion.cmake` of the LLVM tree the root file is in.
    Tree(PathBuf),
    /// Nothing named a release: the newest.
    #[default]
    Default,
}

/// The environment variable that names the release (for build systems and test runners).
pub const RELEASE_ENV: &str = "TDQ_LLVM_VERSION";

impl ReleaseFrom {
    /// Whether nothing named the release, so that an evaluation that fails may be another
    /// release's sources.
    pub fn is_default(&self) -> bool {
        *self == ReleaseFrom::Default
    }
}

impl fmt::Display for ReleaseFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReleaseFrom::Flag => f.write_str("--llvm-version"),
            ReleaseFrom::Env => f.write_str(RELEASE_ENV),
            ReleaseFrom::Config(file) => write!(f, "llvm-version in {}", file.display()),
            ReleaseFrom::Tree(file) => write!(f, "{}", file.display()),
            ReleaseFrom::Default => f.write_str("the default, the newest release (nothing named one)"),
        }
    }
}

/// The note added to the errors of an evaluation as `release` when nothing named the release:
/// sources of another release often fail far from what differs.
pub fn default_release_note(release: tdq_core::Release) -> String {
    let others: Vec<String> = tdq_core::Release::ALL.iter().filter(|r| **r != release).map(|r| r.to_string()).collect();
    format!(
        "note: evaluated as LLVM {release}, the newest release, since nothing named one (--llvm-version, \
         {RELEASE_ENV}, llvm-version in tdq.toml, or the cmake/Modules/LLVMVersion.cmake of the LLVM tree); \
         if the sources are of another release, name it: --llvm-version {}",
        others.join("|")
    )
}

impl Sources {
    /// The evaluation settings these sources give (llvm-tblgen's defaults for the rest): callers
    /// that need more (limits, a trace) override fields of it.
    pub fn options(&self) -> tdq_core::Options {
        tdq_core::Options {
            include_dirs: self.include_dirs.clone(),
            defines: self.defines.clone(),
            release: self.release,
            ..Default::default()
        }
    }
}

/// A parsed `tdq.toml`.
#[derive(Clone, Debug)]
pub struct Project {
    /// The tdq.toml file.
    pub path: PathBuf,
    pub sources: Sources,
    /// `llvm-version` in `[sources]`, as written (the command line and the environment come
    /// before it; see the CLI's release choice).
    pub llvm_version: Option<String>,
    /// The `[lint]` table, for `tdq lint`; empty when absent.
    pub lint: toml::Table,
    /// `max-memory` in `[limits]`, as written (`--max-memory` and `TDQ_MAX_MEMORY` come first).
    pub max_memory: Option<String>,
}

/// Why a tdq.toml could not be used.
#[derive(Debug)]
pub enum ProjectError {
    /// The file could not be read.
    Read { path: PathBuf, reason: String },
    /// The file is not a valid tdq.toml: where (1-based line and column, if known) and why.
    Invalid { path: PathBuf, position: Option<(usize, usize)>, message: String },
}

impl ProjectError {
    /// Whether `Display` gives a located diagnostic (`path:line:col: error: ...`) rather than a
    /// message for the caller to introduce.
    pub fn is_diagnostic(&self) -> bool {
        matches!(self, ProjectError::Invalid { .. })
    }
}

impl fmt::Display for ProjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectError::Read { path, reason } => write!(f, "{}: cannot read: {reason}", path.display()),
            ProjectError::Invalid { path, position: Some((line, col)), message } => {
                write!(f, "{}:{line}:{col}: error: {message}", path.display())
            }
            ProjectError::Invalid { path, position: None, message } => {
                write!(f, "{}: error: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for ProjectError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    sources: Option<RawSources>,
    lint: Option<toml::Table>,
    limits: Option<RawLimits>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    #[serde(rename = "max-memory")]
    max_memory: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSources {
    root: String,
    #[serde(default)]
    include: Vec<String>,
    #[serde(default)]
    define: Vec<String>,
    #[serde(rename = "llvm-version")]
    llvm_version: Option<toml::Value>,
}

impl Project {
    /// The nearest tdq.toml in `dir` or its ancestors.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        dir.ancestors().map(|d| d.join(PROJECT_FILE)).find(|p| p.is_file())
    }

    /// Reads a tdq.toml; paths in it are taken relative to its directory.
    pub fn load(path: &Path) -> Result<Project, ProjectError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ProjectError::Read { path: path.to_owned(), reason: e.to_string() })?;
        Self::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<Project, ProjectError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let position = e.span().map(|s| line_col(text, s.start)).unwrap_or((1, 1));
            ProjectError::Invalid { path: path.to_owned(), position: Some(position), message: e.message().to_string() }
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        let rel = |p: &str| -> String {
            let p = Path::new(p);
            if p.is_absolute() {
                p.display().to_string()
            } else {
                base.join(p).display().to_string()
            }
        };
        let llvm_version;
        let sources = match raw.sources {
            Some(s) => {
                // `llvm-version = 23` and `llvm-version = "23"` alike.
                llvm_version = s.llvm_version.map(|v| match v {
                    toml::Value::String(text) => text,
                    other => other.to_string(),
                });
                Sources {
                    root: rel(&s.root),
                    include_dirs: s.include.iter().map(|d| rel(d)).collect(),
                    defines: s.define,
                    ..Sources::default()
                }
            }
            None => {
                return Err(ProjectError::Invalid {
                    path: path.to_owned(),
                    position: None,
                    message: "no [sources] table (it names the root .td file: `root = \"...\"`)".to_string(),
                })
            }
        };
        let max_memory = raw.limits.and_then(|l| l.max_memory).map(|v| match v {
            toml::Value::String(text) => text,
            other => other.to_string(),
        });
        Ok(Project { path: path.to_owned(), sources, llvm_version, lint: raw.lint.unwrap_or_default(), max_memory })
    }

    /// The text `tdq init` writes for these sources (paths as given, relative to the new file).
    pub fn template(sources: &Sources) -> String {
        let list = |v: &[String]| {
            let quoted: Vec<String> = v.iter().map(|s| toml::Value::String(s.clone()).to_string()).collect();
            format!("[{}]", quoted.join(", "))
        };
        format!(
            "# tdq project: what `tdq QUERY`, `tdq lint` and `tdq diff` evaluate when no --td is given.\n\
             # Paths are relative to this file.\n\
             [sources]\n\
             root = {}\n\
             include = {}\n\
             define = {}\n\
             \n\
             # [lint]\n\
             # ignore = []\n",
            toml::Value::String(sources.root.clone()),
            list(&sources.include_dirs),
            list(&sources.defines),
        )
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_to_the_file() {
        let p = Project::parse(
            Path::new("/w/llvm/tdq.toml"),
            "[sources]\nroot = \"lib/X.td\"\ninclude = [\"include\", \"/abs\"]\ndefine = [\"A\"]\n",
        )
        .unwrap();
        assert_eq!(p.sources.root, "/w/llvm/lib/X.td");
        assert_eq!(p.sources.include_dirs, vec!["/w/llvm/include".to_string(), "/abs".to_string()]);
        assert_eq!(p.sources.defines, vec!["A".to_string()]);
        assert!(p.lint.is_empty());
    }

    #[test]
    fn errors_name_the_file_and_position() {
        let e = Project::parse(Path::new("t/tdq.toml"), "[sources]\nroot = 3\n").unwrap_err();
        assert!(matches!(&e, ProjectError::Invalid { position: Some((2, 8)), .. }), "{e:?}");
        assert!(e.is_diagnostic());
        assert!(e.to_string().starts_with("t/tdq.toml:2:8: error:"), "{e}");
        let e = Project::parse(Path::new("t/tdq.toml"), "[lint]\n").unwrap_err();
        assert!(matches!(&e, ProjectError::Invalid { position: None, .. }), "{e:?}");
        assert!(e.to_string().starts_with("t/tdq.toml: error: no [sources] table"), "{e}");
        let e = Project::parse(Path::new("t/tdq.toml"), "[sources]\nroot = \"a\"\nincludes = []\n").unwrap_err();
        assert!(e.to_string().contains("unknown field"), "{e}");
        let e = Project::load(Path::new("/nonexistent/tdq.toml")).unwrap_err();
        assert!(matches!(&e, ProjectError::Read { .. }) && !e.is_diagnostic(), "{e:?}");
        assert!(e.to_string().starts_with("/nonexistent/tdq.toml: cannot read: "), "{e}");
    }

    #[test]
    fn the_template_reads_back() {
        let s = Sources { root: "X.td".into(), include_dirs: vec!["inc \"q\"".into()], ..Default::default() };
        let p = Project::parse(Path::new("tdq.toml"), &Project::template(&s)).unwrap();
        assert_eq!(p.sources.include_dirs, vec!["inc \"q\"".to_string()]);
        assert_eq!(p.sources.root, "X.td");
    }
}
