//! The LLVM releases tdq evaluates as, and what differs between them, as data.
//!
//! Each release's llvm-tblgen is a slightly different language (operators added or renamed,
//! statements added, messages reworded, values printed differently). Those differences are
//! collected here once, in [`Dialect`], chosen with the other evaluation settings
//! ([`crate::Options::release`]) the way [`crate::limits`] collects the bounds. The evaluator
//! asks the dialect a question ("is `!sort` an operator?", "how is a dag operator name
//! printed?"), never which release it is.
//!
//! Adding a release: a variant of [`Release`], its line in [`Release::ALL`], its number, and its
//! [`Dialect`] (start from the newest one's and change what the release changed).

use std::fmt;

/// An LLVM release whose llvm-tblgen tdq matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Release {
    /// LLVM 19.1.7.
    V19,
    /// LLVM 22.1.8.
    V22,
    /// LLVM 23.1.1, the newest.
    V23,
}

impl Default for Release {
    fn default() -> Self {
        Release::NEWEST
    }
}

impl Release {
    /// Every release, oldest first.
    pub const ALL: [Release; 3] = [Release::V19, Release::V22, Release::V23];
    /// The default when neither the user nor the tree says otherwise.
    pub const NEWEST: Release = Release::V23;

    /// The major version number (`--llvm-version` takes it).
    pub fn major(self) -> u32 {
        match self {
            Release::V19 => 19,
            Release::V22 => 22,
            Release::V23 => 23,
        }
    }

    /// The exact release whose llvm-tblgen is the reference.
    pub fn full_version(self) -> &'static str {
        match self {
            Release::V19 => "19.1.7",
            Release::V22 => "22.1.8",
            Release::V23 => "23.1.1",
        }
    }

    /// The release a major version names.
    pub fn from_major(major: u32) -> Option<Release> {
        Release::ALL.into_iter().find(|r| r.major() == major)
    }

    /// Parses `--llvm-version`'s value: a major version (`23`), or a full one of a known major
    /// (`23.1.1`, `22.1`).
    pub fn parse(text: &str) -> Result<Release, UnknownRelease> {
        let text = text.trim();
        let major = text.split('.').next().unwrap_or("");
        let valid = !major.is_empty()
            && text.split('.').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
        major
            .parse::<u32>()
            .ok()
            .filter(|_| valid)
            .and_then(Release::from_major)
            .ok_or_else(|| UnknownRelease { given: text.to_string() })
    }

    /// The release LLVM's `cmake/Modules/LLVMVersion.cmake` names (`set(LLVM_VERSION_MAJOR 23)`),
    /// if that file's text names one; `Err` when it names a release tdq does not know.
    pub fn from_llvm_version_cmake(text: &str) -> Option<Result<Release, UnknownRelease>> {
        let major = text.lines().find_map(|line| {
            let rest = line.trim().strip_prefix("set(LLVM_VERSION_MAJOR")?;
            let value = rest.trim().trim_end_matches(')').trim();
            Some(value.to_string())
        })?;
        Some(major.parse::<u32>().ok().and_then(Release::from_major).ok_or(UnknownRelease { given: major }))
    }

    /// What this release's language and output are.
    pub fn dialect(self) -> &'static Dialect {
        match self {
            Release::V19 => &DIALECT_19,
            Release::V22 => &DIALECT_22,
            Release::V23 => &DIALECT_23,
        }
    }

    /// The known releases as a message lists them: `19, 22, 23`.
    pub fn known_list() -> String {
        Release::ALL.iter().map(|r| r.major().to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// One value per release: what a backend or model does differently in each release, as a
/// constant `ByRelease { v19: .., v22: .., v23: .. }` read with [`ByRelease::get`]. This is the
/// one way backends and models say what differs between releases: a new release adds a field
/// here, and the compiler then points at every table that must say what that release does
/// (where `release >= V22` tests or a `_ =>` arm would silently give it the newest form).
/// Later releases usually start from the one before: `v23: Form { x: 1, ..FORM_22 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByRelease<T> {
    pub v19: T,
    pub v22: T,
    pub v23: T,
}

impl<T> ByRelease<T> {
    /// The value for `release`.
    pub const fn get(&self, release: Release) -> &T {
        match release {
            Release::V19 => &self.v19,
            Release::V22 => &self.v22,
            Release::V23 => &self.v23,
        }
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.major())
    }
}

/// A release number tdq does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRelease {
    pub given: String,
}

impl fmt::Display for UnknownRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown LLVM release '{}': tdq evaluates as LLVM {} (choose one with --llvm-version, \
             llvm-version in tdq.toml or TDQ_LLVM_VERSION)",
            self.given,
            Release::known_list()
        )
    }
}

impl std::error::Error for UnknownRelease {}

/// What one release's TableGen language and output are, where releases differ. Every field
/// says what the release does, not which release it is, so that the evaluator never compares
/// release numbers.
#[derive(Debug)]
pub struct Dialect {
    pub release: Release,
    /// `!con` keeps the operator name of its left dag, else its right one's (LLVM 19 drops it).
    pub con_keeps_operator_name: bool,
    /// `let append x = ...` and `let prepend x = ...`, in bodies and at top level.
    pub let_append_prepend: bool,
    /// A top-level `let`'s bit range is `x{0-3}`, as in a body (LLVM 19 and 22: `x<0-3>`).
    pub outer_let_bits_in_braces: bool,
    /// The lexer's messages that the release words differently from LLVM 19: (LLVM 19's
    /// beginning of the message, this release's).
    pub lexer_messages: &'static [(&'static str, &'static str)],
    /// A failed `assert` says its message in the error (`assertion failed: MSG`); LLVM 19 says
    /// it in a note after `assertion failed`.
    pub assert_message_in_error: bool,
    /// A record whose assertions failed gets one more error at the record: `assertion failed in
    /// this record`.
    pub assertion_failed_in_record: bool,
    /// A body `let` of an unknown field is reported at the field's name (LLVM 19: at the token
    /// after the bit range, the `=`).
    pub let_unknown_field_at_name: bool,
    /// `Field 'F' ... is incompatible with value '{...}' of type bit initializer with length N'`
    /// ends with a quote (LLVM 22 lost it).
    pub bits_mismatch_closes_quote: bool,
    /// Operands that LLVM 19 took without a word are errors: a negative `!listsplat` count, a
    /// shift by less than 0 or more than 63.
    pub checked_operands: bool,
    /// `!isa<Record>(x)` stays unfolded while `x` is not concrete (LLVM 19 answered 0 as soon as
    /// the type could not be a subclass of `x`'s declared type).
    pub isa_waits_for_concrete: bool,
    /// `!foreach` over a dag keeps the dag's operator name.
    pub foreach_dag_keeps_name: bool,
    /// Resolving `!and(0, ...)` or `!or(-1, ...)` gives 0 or -1 without resolving the rest.
    pub and_or_short_circuit: bool,
    /// `!cond` resolves each condition and then its value, pair by pair (LLVM 19: every
    /// condition, then every value).
    pub cond_resolves_in_pairs: bool,
    /// The bit of a bit-typed `!foldl` or `!cond` is the operation itself (LLVM 19 and 22 take
    /// bit 0 of it, printed `!cond(...){0}`).
    pub bit_fold_and_cond_whole: bool,
    /// The anonymous def a `Class<args>` value makes is located where the value was first
    /// written (LLVM 19: at the class).
    pub anonymous_def_at_use: bool,
    /// A record may inherit a class twice through different superclasses (diamonds), which
    /// then appears twice in its superclass list (LLVM 19: `Already subclass of 'A'!`).
    pub repeated_superclasses: bool,
    /// A template argument value of the wrong type is an error at the value, and every such
    /// value is reported (LLVM 19: a fatal error at the class reference, for the first).
    pub template_arg_errors_at_value: bool,
    /// The template arguments of a multiclass's parent multiclasses (`multiclass M : P<...>`)
    /// are checked against and cast to their types.
    pub sub_multiclass_args_checked: bool,
    /// A dag's operator may be a list (`([i32, i64] ...)`).
    pub dag_operator_may_be_list: bool,
    /// `dump` takes a string, or a def (dumped as its `!repr`); any other value is an error when
    /// dumped (LLVM 19 crashes; tdq dumps its `!repr`). A `dump` outside a record is resolved as
    /// final at once.
    pub dump_checks_string: bool,
    /// A field keeps its value when a value of the wrong type is assigned to it (before LLVM 23
    /// it lost it).
    pub failed_let_keeps_value: bool,
    /// Errors reported while parsing went on (a failed `assert`) stop llvm-tblgen before the
    /// backend: `N errors.` and no output (LLVM 19 ran the backend first).
    pub errors_stop_backend: bool,
    /// `-d`'s depfile lists the input file before the included ones.
    pub depfile_names_input: bool,
    /// `-D NAME` must be an identifier (`invalid macro name ... specified on command line`).
    pub macro_names_checked: bool,
    /// How values print.
    pub print: crate::init::PrintStyle,
    /// `Record::getValueAsString` of a field that is `?` or holds no string says `exists but
    /// does not have a string value` (LLVM 19: `?` is reported as a missing field, another value
    /// as `does not have a string initializer!`).
    pub string_accessor_says_value: bool,
    /// `ListInit::getElementAsRecord` of an element that is not a def names the element and the
    /// list (`expected record type for the element with index I in list L`; before LLVM 23:
    /// `Expected record in list!`).
    pub list_element_message_names_index: bool,
    /// The crash report (after `report_fatal_error`) asks for `the crash backtrace and
    /// instructions to reproduce the bug` (LLVM 19: `the crash backtrace`).
    pub crash_report_asks_for_instructions: bool,
}

impl Dialect {
    /// `llvm19`, a message of LLVM 19's lexer, as this release's lexer words it.
    pub fn lexer_message(&self, llvm19: String) -> String {
        match self.lexer_messages.iter().find(|(old, _)| llvm19.starts_with(old)) {
            Some((old, new)) => format!("{new}{}", &llvm19[old.len()..]),
            None => llvm19,
        }
    }
}

/// LLVM 22 starts its lexer's messages in lower case (and drops one `!`).
const LEXER_MESSAGES_22: &[(&str, &str)] = &[
    ("Unexpected character", "unexpected character"),
    ("Invalid '..' punctuation", "invalid '..' punctuation"),
    ("End of file in string literal", "end of file in string literal"),
    ("End of line in string literal", "end of line in string literal"),
    ("Invalid variable name", "invalid variable name"),
    ("Expected filename after include", "expected filename after include"),
    ("Could not find include file", "could not find include file"),
    ("Unterminated comment!", "unterminated comment"),
    ("Invalid number", "invalid number"),
    ("Number out of range", "number out of range"),
    ("Unterminated code block", "unterminated code block"),
    ("Invalid \"!operator\"", "invalid \"!operator\""),
    ("Unknown operator", "unknown operator"),
    ("Expected macro name after", "expected macro name after"),
    ("Only comments are supported after", "only comments are supported after"),
    ("Previous #else is here", "previous #else is here"),
    ("Duplicate definition of macro", "duplicate definition of macro"),
    ("Reached EOF without matching #endif", "reached EOF without matching #endif"),
    ("The latest preprocessor control is here", "the latest preprocessor control is here"),
];

const DIALECT_19: Dialect = Dialect {
    release: Release::V19,
    con_keeps_operator_name: false,
    let_append_prepend: false,
    outer_let_bits_in_braces: false,
    lexer_messages: &[],
    assert_message_in_error: false,
    assertion_failed_in_record: false,
    let_unknown_field_at_name: false,
    bits_mismatch_closes_quote: true,
    checked_operands: false,
    isa_waits_for_concrete: false,
    foreach_dag_keeps_name: false,
    and_or_short_circuit: false,
    cond_resolves_in_pairs: false,
    bit_fold_and_cond_whole: false,
    anonymous_def_at_use: false,
    repeated_superclasses: false,
    template_arg_errors_at_value: false,
    sub_multiclass_args_checked: false,
    dag_operator_may_be_list: false,
    dump_checks_string: false,
    failed_let_keeps_value: false,
    errors_stop_backend: false,
    depfile_names_input: false,
    macro_names_checked: false,
    print: crate::init::PrintStyle { dag_operator_name_prefix: ":" },
    string_accessor_says_value: false,
    list_element_message_names_index: false,
    crash_report_asks_for_instructions: false,
};

const DIALECT_22: Dialect = Dialect {
    release: Release::V22,
    con_keeps_operator_name: true,
    lexer_messages: LEXER_MESSAGES_22,
    assert_message_in_error: true,
    assertion_failed_in_record: true,
    let_unknown_field_at_name: true,
    bits_mismatch_closes_quote: false,
    checked_operands: true,
    isa_waits_for_concrete: true,
    foreach_dag_keeps_name: true,
    and_or_short_circuit: true,
    cond_resolves_in_pairs: true,
    anonymous_def_at_use: true,
    repeated_superclasses: true,
    template_arg_errors_at_value: true,
    dag_operator_may_be_list: true,
    dump_checks_string: true,
    errors_stop_backend: true,
    macro_names_checked: true,
    print: crate::init::PrintStyle { dag_operator_name_prefix: ":$" },
    string_accessor_says_value: true,
    crash_report_asks_for_instructions: true,
    ..DIALECT_19
};

const DIALECT_23: Dialect = Dialect {
    release: Release::V23,
    let_append_prepend: true,
    outer_let_bits_in_braces: true,
    bit_fold_and_cond_whole: true,
    sub_multiclass_args_checked: true,
    failed_let_keeps_value: true,
    depfile_names_input: true,
    list_element_message_names_index: true,
    ..DIALECT_22
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_majors_and_full_versions() {
        assert_eq!(Release::parse("19"), Ok(Release::V19));
        assert_eq!(Release::parse("22.1.8"), Ok(Release::V22));
        assert_eq!(Release::parse(" 23 "), Ok(Release::V23));
        assert_eq!(Release::parse("24").unwrap_err().given, "24");
        assert!(Release::parse("").is_err());
        assert!(Release::parse("23.").is_err());
        assert!(Release::parse("x23").is_err());
    }

    #[test]
    fn by_release_gives_each_release_its_value() {
        const NAMES: ByRelease<&str> = ByRelease { v19: "nineteen", v22: "twenty-two", v23: "twenty-three" };
        let got: Vec<&str> = Release::ALL.iter().map(|&r| *NAMES.get(r)).collect();
        assert_eq!(got, ["nineteen", "twenty-two", "twenty-three"]);
    }

    #[test]
    fn reads_llvm_version_cmake() {
        let text = "if(NOT DEFINED LLVM_VERSION_MAJOR)\n  set(LLVM_VERSION_MAJOR 22)\nendif()\n";
        assert_eq!(Release::from_llvm_version_cmake(text), Some(Ok(Release::V22)));
        let unknown = "  set(LLVM_VERSION_MAJOR 24)\n";
        assert_eq!(Release::from_llvm_version_cmake(unknown), Some(Err(UnknownRelease { given: "24".into() })));
        assert_eq!(Release::from_llvm_version_cmake("project(x)\n"), None);
    }

    #[test]
    fn unknown_release_message_names_the_known_ones_and_the_flag() {
        let msg = Release::parse("18").unwrap_err().to_string();
        assert!(msg.contains("'18'") && msg.contains("19, 22, 23") && msg.contains("--llvm-version"), "{msg}");
    }
}
