//! LLVM's `cl::` command-line conventions, so that `tdq tblgen` accepts and refuses exactly what
//! llvm-tblgen 19 does, with the same messages and the same `--help` text.
//!
//! Hand-written rather than clap because clap cannot model cl::'s rules: long options take one
//! dash or two (`-print-records`, `--print-records`); a value comes after `=` or as the next
//! word, and for prefix options also glued on (`-Idir`, `-I dir`, `-I=dir`); one-letter options
//! group and refuse values inside a group (`-oout` is an error); the values of an enum option are
//! options themselves (`--gen-dag-isel`); every bad word is reported before the exit; and the
//! messages (`Unknown command line argument`, `Did you mean`) and the category-sorted `--help`
//! layout are cl::'s own. The algorithm follows llvm/lib/Support/CommandLine.cpp (LLVM 19):
//! `ParseCommandLineOptions`, `LookupLongOption`, `HandlePrefixedOrGroupedOption`,
//! `ProvideOption`, `LookupNearestOption` and the help printers.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What an option takes and how its value is parsed (cl::'s `parser<T>` and ValueExpected flag).
#[derive(Clone, Copy, Debug)]
pub enum ValueKind {
    /// `cl::opt<bool>`: value optional (`--flag`, `--flag=false`).
    Bool,
    /// `parser<std::string>`: value required.
    Str,
    /// `parser<unsigned>`: value required, C-style radix prefixes.
    Uint32,
    /// `parser<unsigned long>`: value required.
    Uint64,
    /// `cl::opt<enum>` with a name: value required, one of the listed names.
    Enum(&'static [(&'static str, &'static str)]),
    /// Acts as soon as it is seen and ends the program with status 0 (`--help`, `--version`).
    Immediate(Immediate),
}

/// The built-in options that print something and exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Immediate {
    Help,
    HelpHidden,
    HelpList,
    HelpListHidden,
    Version,
}

/// One named option, as a `cl::opt`/`cl::list` declaration would describe it.
#[derive(Clone, Debug)]
pub struct OptSpec {
    pub name: &'static str,
    pub kind: ValueKind,
    /// `cl::value_desc`; empty means the parser's own name (`string`, `uint`, `ulong`).
    pub value_desc: &'static str,
    pub help: &'static str,
    pub category: &'static str,
    pub hidden: bool,
    /// `cl::ReallyHidden`: not even `--help-hidden` lists it (tdq's own options, so that the
    /// help stays llvm-tblgen's).
    pub really_hidden: bool,
    /// `cl::Prefix`: the value may be glued on (`-Idir`).
    pub prefix: bool,
    /// `cl::list`: every occurrence is kept (otherwise the last one wins).
    pub list: bool,
    /// Printed as `-name` in help whatever its length (LLVM's DebugCounterList does this).
    pub single_dash_help: bool,
}

/// cl::'s default category name.
pub const GENERAL: &str = "General options";

impl OptSpec {
    pub fn new(name: &'static str, kind: ValueKind, help: &'static str) -> Self {
        OptSpec {
            name,
            kind,
            value_desc: "",
            help,
            category: GENERAL,
            hidden: false,
            really_hidden: false,
            prefix: false,
            list: false,
            single_dash_help: false,
        }
    }
    pub fn value_desc(mut self, desc: &'static str) -> Self {
        self.value_desc = desc;
        self
    }
    pub fn category(mut self, category: &'static str) -> Self {
        self.category = category;
        self
    }
    pub fn hidden(mut self) -> Self {
        self.hidden = true;
        self
    }
    pub fn really_hidden(mut self) -> Self {
        self.hidden = true;
        self.really_hidden = true;
        self
    }
    pub fn prefix(mut self) -> Self {
        self.prefix = true;
        self
    }
    pub fn list(mut self) -> Self {
        self.list = true;
        self
    }
    pub fn single_dash_help(mut self) -> Self {
        self.single_dash_help = true;
        self
    }

    fn expects(&self) -> Expects {
        match self.kind {
            ValueKind::Bool => Expects::Optional,
            ValueKind::Immediate(_) => Expects::Disallowed,
            _ => Expects::Required,
        }
    }

    /// cl:: makes every one-letter option groupable (`Option::setArgStr`).
    fn grouping(&self) -> bool {
        self.name.len() == 1
    }

    fn value_name(&self) -> &'static str {
        if !self.value_desc.is_empty() {
            return self.value_desc;
        }
        match self.kind {
            ValueKind::Str => "string",
            ValueKind::Uint32 => "uint",
            ValueKind::Uint64 => "ulong",
            _ => "",
        }
    }
}

/// An enum option without a name of its own, whose values are the options: llvm-tblgen's
/// "Action to perform:" (`--print-records`, `--gen-dag-isel`, ...).
#[derive(Clone, Debug)]
pub struct LiteralGroup {
    pub help: &'static str,
    pub values: Vec<(&'static str, &'static str)>,
    pub category: &'static str,
    /// Where the group sorts among the options in help. cl:: sorts it under whichever of its
    /// values its hash map yields first; this is one that lands in the same place.
    pub sort_key: &'static str,
}

/// The whole command line of one program.
pub struct CommandLine {
    /// cl::'s ProgramName, the start of most messages (`llvm-tblgen`).
    pub program_name: String,
    /// `argv[0]` as given, quoted in `Try: '... --help'`.
    pub argv0: String,
    /// The positional argument's description (`<input file>`).
    pub positional_help: &'static str,
    pub max_positionals: usize,
    pub options: Vec<OptSpec>,
    pub literals: Option<LiteralGroup>,
    /// What `--version` prints.
    pub version_text: String,
}

/// A parsed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Str(String),
    Uint(u64),
    Enum(&'static str),
}

/// What a successful parse found, in command-line order.
#[derive(Debug, Default)]
pub struct Matches {
    occurrences: Vec<(&'static str, Value)>,
    /// The last value of the literal group given, if any.
    pub literal: Option<&'static str>,
    pub positionals: Vec<String>,
}

impl Matches {
    /// The last value given to `name` (for options declared by name elsewhere: the backends').
    pub fn last(&self, name: &str) -> Option<&Value> {
        self.occurrences.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
    /// Every value given to the list option `name`, in order.
    pub fn list(&self, name: &str) -> Vec<String> {
        self.occurrences
            .iter()
            .filter(|(n, _)| *n == name)
            .filter_map(|(_, v)| match v {
                Value::Str(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }
    /// The flag's last value, `default` when it was not given.
    pub fn flag(&self, key: Flag, default: bool) -> bool {
        match self.last(key.0) {
            Some(Value::Bool(b)) => *b,
            _ => default,
        }
    }
    /// The string option's last value.
    pub fn text(&self, key: Text) -> Option<&str> {
        match self.last(key.0) {
            Some(Value::Str(s)) => Some(s),
            _ => None,
        }
    }
    /// Every value of the list option, in order.
    pub fn texts(&self, key: Texts) -> Vec<String> {
        self.list(key.0)
    }
}

/// A boolean option (`cl::opt<bool>`), declared and read through the same constant so that a
/// misspelt name is a compile error rather than a silent default.
#[derive(Clone, Copy, Debug)]
pub struct Flag(pub &'static str);
/// A string option (`cl::opt<std::string>`).
#[derive(Clone, Copy, Debug)]
pub struct Text(pub &'static str);
/// A string list option (`cl::list<std::string>`).
#[derive(Clone, Copy, Debug)]
pub struct Texts(pub &'static str);

impl Flag {
    pub fn declare(self, help: &'static str) -> OptSpec {
        OptSpec::new(self.0, ValueKind::Bool, help)
    }
}
impl Text {
    pub fn declare(self, help: &'static str) -> OptSpec {
        OptSpec::new(self.0, ValueKind::Str, help)
    }
}
impl Texts {
    pub fn declare(self, help: &'static str) -> OptSpec {
        OptSpec::new(self.0, ValueKind::Str, help).list()
    }
}

/// The result of parsing: go on, or stop with an exit status (help printed, or errors).
#[derive(Debug)]
pub enum Outcome {
    Run(Matches),
    Exit(i32),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Expects {
    Optional,
    Required,
    Disallowed,
}

/// What a word on the command line names: an option, or one value of the literal group.
#[derive(Clone, Copy)]
enum Handler {
    Opt(usize),
    Literal(usize),
}

/// Stop parsing at once with this status (`--help` and friends).
struct Stop(i32);

struct Parser<'a> {
    cl: &'a CommandLine,
    map: HashMap<&'static str, Handler>,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    matches: Matches,
    error: bool,
}

/// Parses `args` (without `argv[0]`) like `cl::ParseCommandLineOptions`: `@file` response files
/// are expanded first; errors go to `err` and `--help`/`--version` text to `out`.
pub fn parse(cl: &CommandLine, args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Outcome {
    let args = match expand_response_files(args) {
        Ok(args) => args,
        Err(message) => {
            // cl:: prints this and gives up on the command line; tdq stops there too.
            let _ = writeln!(err, "{message}");
            return Outcome::Exit(1);
        }
    };
    let mut map = HashMap::new();
    for (i, o) in cl.options.iter().enumerate() {
        map.entry(o.name).or_insert(Handler::Opt(i));
    }
    if let Some(group) = &cl.literals {
        for (i, (name, _)) in group.values.iter().enumerate() {
            map.entry(*name).or_insert(Handler::Literal(i));
        }
    }
    let mut p = Parser { cl, map, out, err, matches: Matches::default(), error: false };
    match p.run(&args) {
        Err(Stop(code)) => Outcome::Exit(code),
        Ok(()) if p.error => Outcome::Exit(1),
        Ok(()) => Outcome::Run(p.matches),
    }
}

impl Parser<'_> {
    fn run(&mut self, args: &[String]) -> Result<(), Stop> {
        let mut dash_dash = false;
        let mut i = 0;
        while i < args.len() {
            let arg = &args[i];
            if !arg.starts_with('-') || arg == "-" || dash_dash {
                self.matches.positionals.push(arg.clone());
                i += 1;
                continue;
            }
            if arg == "--" {
                dash_dash = true;
                i += 1;
                continue;
            }
            let mut name = &arg[1..];
            if let Some(rest) = name.strip_prefix('-') {
                name = rest;
            }
            let mut handler = None;
            let mut value = None;
            if let Some((h, n, v)) = self.lookup_long(name) {
                handler = Some(h);
                name = n;
                value = v;
            } else {
                match self.prefixed_or_grouped(name)? {
                    Ok((h, n, v)) => {
                        handler = Some(h);
                        name = n;
                        value = v;
                    }
                    // cl:: goes on with the part of the word it stopped at, so that is what the
                    // "Did you mean" suggestion is for.
                    Err(rest) => name = rest,
                }
            }
            match handler {
                Some(h) => self.provide(h, value, args, &mut i)?,
                None => {
                    let nearest = self.nearest(name);
                    let _ = writeln!(
                        self.err,
                        "{}: Unknown command line argument '{}'.  Try: '{} --help'",
                        self.cl.program_name, arg, self.cl.argv0
                    );
                    if let Some(nearest) = nearest {
                        let _ =
                            writeln!(self.err, "{}: Did you mean '{}'?", self.cl.program_name, print_arg(&nearest, 0));
                    }
                    self.error = true;
                }
            }
            i += 1;
        }
        if self.matches.positionals.len() > self.cl.max_positionals {
            let _ = write!(
                self.err,
                "{}: Too many positional arguments specified!\nCan specify at most {} positional arguments: See: {} --help\n",
                self.cl.program_name, self.cl.max_positionals, self.cl.argv0
            );
            self.error = true;
        }
        Ok(())
    }

    /// `LookupLongOption`: the whole word, or the part before `=` with the rest as value.
    fn lookup_long<'s>(&self, arg: &'s str) -> Option<(Handler, &'s str, Option<&'s str>)> {
        if arg.is_empty() {
            return None;
        }
        match arg.find('=') {
            None => self.map.get(arg).map(|h| (*h, arg, None)),
            Some(eq) => {
                let (name, value) = (&arg[..eq], &arg[eq + 1..]);
                self.map.get(name).map(|h| (*h, name, Some(value)))
            }
        }
    }

    /// `HandlePrefixedOrGroupedOption`: `-Idir`, or a run of one-letter options (`-hv`).
    /// Without a match, the part of the word it ended on.
    #[allow(clippy::type_complexity)]
    fn prefixed_or_grouped<'s>(
        &mut self,
        mut arg: &'s str,
    ) -> Result<Result<(Handler, &'s str, Option<&'s str>), &'s str>, Stop> {
        if arg.len() == 1 {
            return Ok(Err(arg));
        }
        let prefixed_or_grouping = |o: &OptSpec| o.prefix || o.grouping();
        let Some((mut index, mut len)) = self.longest_option_prefix(arg, prefixed_or_grouping) else {
            return Ok(Err(arg));
        };
        loop {
            let opt = &self.cl.options[index];
            let maybe_value = &arg[len..];
            let name = &arg[..len];
            if maybe_value.is_empty() || (opt.prefix && !maybe_value.starts_with('=')) {
                let value = (!maybe_value.is_empty()).then_some(maybe_value);
                return Ok(Ok((Handler::Opt(index), name, value)));
            }
            if let Some(value) = maybe_value.strip_prefix('=') {
                return Ok(Ok((Handler::Opt(index), name, Some(value))));
            }
            // One option of a group: it cannot take a value.
            if opt.expects() == Expects::Required {
                self.option_error(Handler::Opt(index), "may not occur within a group!");
                self.error = true;
                return Ok(Err(name));
            }
            let mut dummy = 0;
            self.provide(Handler::Opt(index), None, &[], &mut dummy)?;
            arg = maybe_value;
            match self.longest_option_prefix(arg, |o: &OptSpec| o.grouping()) {
                Some((i, l)) => (index, len) = (i, l),
                None => return Ok(Err(arg)),
            }
        }
    }

    /// `getOptionPred`: the longest leading part of `name` that is an option satisfying `pred`.
    fn longest_option_prefix(&self, name: &str, pred: impl Fn(&OptSpec) -> bool) -> Option<(usize, usize)> {
        let mut len = name.len();
        while len >= 1 {
            if let Some(part) = name.get(..len) {
                if let Some(Handler::Opt(i)) = self.map.get(part) {
                    if pred(&self.cl.options[*i]) {
                        return Some((*i, len));
                    }
                }
            }
            len -= 1;
        }
        None
    }

    /// `ProvideOption`: check the value against what the option expects, take the next word
    /// when a value is required and missing, and record the occurrence.
    fn provide<'v>(
        &mut self,
        handler: Handler,
        mut value: Option<&'v str>,
        args: &'v [String],
        i: &mut usize,
    ) -> Result<(), Stop> {
        let expects = match handler {
            Handler::Opt(o) => self.cl.options[o].expects(),
            Handler::Literal(_) => Expects::Disallowed,
        };
        match expects {
            Expects::Required if value.is_none() => {
                if *i + 1 >= args.len() {
                    self.option_error(handler, "requires a value!");
                    self.error = true;
                    return Ok(());
                }
                *i += 1;
                value = Some(&args[*i]);
            }
            Expects::Disallowed => {
                if let Some(v) = value {
                    self.option_error(handler, &format!("does not allow a value! '{v}' specified."));
                    self.error = true;
                    return Ok(());
                }
            }
            _ => {}
        }
        let o = match handler {
            Handler::Literal(l) => {
                let group = self.cl.literals.as_ref().expect("literal handlers come from the group");
                self.matches.literal = Some(group.values[l].0);
                return Ok(());
            }
            Handler::Opt(o) => o,
        };
        let opt = &self.cl.options[o];
        let parsed = match opt.kind {
            ValueKind::Immediate(what) => return Err(Stop(self.immediate(what))),
            ValueKind::Bool => match value.unwrap_or("") {
                "" | "true" | "TRUE" | "True" | "1" => Ok(Value::Bool(true)),
                "false" | "FALSE" | "False" | "0" => Ok(Value::Bool(false)),
                v => Err(format!("'{v}' is invalid value for boolean argument! Try 0 or 1")),
            },
            ValueKind::Str => Ok(Value::Str(value.unwrap_or("").to_string())),
            ValueKind::Uint32 | ValueKind::Uint64 => {
                let v = value.unwrap_or("");
                let max = if matches!(opt.kind, ValueKind::Uint32) { u32::MAX as u64 } else { u64::MAX };
                match parse_unsigned(v).filter(|n| *n <= max) {
                    Some(n) => Ok(Value::Uint(n)),
                    None => Err(format!("'{v}' value invalid for {} argument!", opt_parser_name(opt.kind))),
                }
            }
            ValueKind::Enum(values) => {
                let v = value.unwrap_or("");
                match values.iter().find(|(name, _)| *name == v) {
                    Some((name, _)) => Ok(Value::Enum(name)),
                    None => Err(format!("Cannot find option named '{v}'!")),
                }
            }
        };
        match parsed {
            Ok(v) => self.matches.occurrences.push((opt.name, v)),
            Err(message) => {
                self.option_error(handler, &message);
                self.error = true;
            }
        }
        Ok(())
    }

    /// `Option::error`: `prog: for the --name option: message`, or for the literal group (which
    /// has no name) its help text in place of the name.
    fn option_error(&mut self, handler: Handler, message: &str) {
        let _ = match handler {
            Handler::Opt(o) => writeln!(
                self.err,
                "{}: for the {} option: {}",
                self.cl.program_name,
                print_arg(self.cl.options[o].name, 0),
                message
            ),
            Handler::Literal(_) => {
                let help = self.cl.literals.as_ref().map_or("", |g| g.help);
                writeln!(self.err, "{help} option: {message}")
            }
        };
    }

    /// `LookupNearestOption`: the option name closest to `arg` by edit distance, with the
    /// given `=value` kept when the option takes values. Ties go to the first in table order
    /// (cl:: takes the first in its hash map's order, which tdq does not reproduce).
    fn nearest(&self, arg: &str) -> Option<String> {
        if arg.is_empty() {
            return None;
        }
        let (lhs, rhs) = arg.split_once('=').unwrap_or((arg, ""));
        let mut best: Option<(usize, String)> = None;
        let mut consider = |names: &mut dyn Iterator<Item = &'static str>, permit_value: bool| {
            let flag = if permit_value { lhs } else { arg };
            for name in names {
                let distance = edit_distance(name, flag);
                let closer = match &best {
                    None => true,
                    Some((d, _)) => distance < *d,
                };
                if closer {
                    let shown =
                        if rhs.is_empty() || !permit_value { name.to_string() } else { format!("{name}={rhs}") };
                    best = Some((distance, shown));
                }
            }
        };
        // cl:: suggests no option that even --help-hidden leaves out (tdq's own).
        for o in self.cl.options.iter().filter(|o| !o.really_hidden) {
            consider(&mut std::iter::once(o.name), o.expects() != Expects::Disallowed);
        }
        if let Some(group) = &self.cl.literals {
            consider(&mut group.values.iter().map(|(n, _)| *n), false);
        }
        best.map(|(_, name)| name)
    }

    fn immediate(&mut self, what: Immediate) -> i32 {
        let text = match what {
            Immediate::Version => self.cl.version_text.clone(),
            Immediate::Help => help_text(self.cl, false, true),
            Immediate::HelpHidden => help_text(self.cl, true, true),
            Immediate::HelpList => help_text(self.cl, false, false),
            Immediate::HelpListHidden => help_text(self.cl, true, false),
        };
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
        0
    }
}

fn opt_parser_name(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Uint32 => "uint",
        _ => "ulong",
    }
}

/// `StringRef::getAsInteger(0, ...)` for unsigned values: `0x`, `0b`, `0o` and a leading `0`
/// pick the radix.
fn parse_unsigned(s: &str) -> Option<u64> {
    let (digits, radix) = if let Some(r) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (r, 16)
    } else if let Some(r) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (r, 2)
    } else if let Some(r) = s.strip_prefix("0o") {
        (r, 8)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// Levenshtein distance with replacements, as `StringRef::edit_distance`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == *cb { previous } else { 1 + previous.min(row[j]).min(row[j + 1]) };
            previous = old;
        }
    }
    row[b.len()]
}

/// cl::'s `PrintArg`: `pad` spaces, then `-` for a one-letter name and `--` otherwise.
fn print_arg(name: &str, pad: usize) -> String {
    let dashes = if name.len() > 1 { "--" } else { "-" };
    format!("{}{dashes}{name}", " ".repeat(pad))
}

const DEFAULT_PAD: usize = 2;
const ARG_HELP_PREFIX: &str = " - ";
const EQ_VALUE: &str = "=<value>";
const ENUM_VALUE_PREFIX: &str = "    =";

/// `argPlusPrefixesSize`.
fn arg_width(name: &str) -> usize {
    let dashes = if name.len() == 1 { 1 } else { 2 };
    name.len() + DEFAULT_PAD + dashes + ARG_HELP_PREFIX.len()
}

/// One entry of the help listing: an option or the literal group.
#[derive(Clone, Copy)]
enum HelpItem<'a> {
    Opt(&'a OptSpec),
    Group(&'a LiteralGroup),
}

impl HelpItem<'_> {
    fn width(&self) -> usize {
        match self {
            HelpItem::Opt(o) => match o.kind {
                ValueKind::Enum(values) => values
                    .iter()
                    .map(|(v, _)| v.len() + ENUM_VALUE_PREFIX.len() + ARG_HELP_PREFIX.len())
                    .fold(arg_width(o.name) + EQ_VALUE.len(), usize::max),
                _ if o.value_name().is_empty() => arg_width(o.name),
                _ => arg_width(o.name) + o.value_name().len() + 3,
            },
            HelpItem::Group(g) => g.values.iter().map(|(v, _)| v.len() + 8).max().unwrap_or(0),
        }
    }

    fn print(&self, width: usize, s: &mut String) {
        match self {
            HelpItem::Opt(o) if o.single_dash_help => {
                s.push_str(&format!("  -{}", o.name));
                help_str(s, o.help, width, o.name.len() + 6);
            }
            HelpItem::Opt(o) => match o.kind {
                ValueKind::Enum(values) => {
                    s.push_str(&print_arg(o.name, DEFAULT_PAD));
                    s.push_str(EQ_VALUE);
                    help_str(s, o.help, width, EQ_VALUE.len() + arg_width(o.name));
                    for (name, desc) in values {
                        s.push_str(ENUM_VALUE_PREFIX);
                        s.push_str(name);
                        let first = name.len() + ENUM_VALUE_PREFIX.len() + ARG_HELP_PREFIX.len();
                        s.push_str(&" ".repeat(width - first));
                        s.push_str(ARG_HELP_PREFIX);
                        s.push_str("  ");
                        s.push_str(desc);
                        s.push('\n');
                    }
                }
                _ => {
                    s.push_str(&print_arg(o.name, DEFAULT_PAD));
                    let value = o.value_name();
                    if !value.is_empty() {
                        s.push_str(if o.name.len() == 1 { " <" } else { "=<" });
                        s.push_str(value);
                        s.push('>');
                    }
                    help_str(s, o.help, width, self.width());
                }
            },
            HelpItem::Group(g) => {
                if !g.help.is_empty() {
                    s.push_str(&format!("  {}\n", g.help));
                }
                for (name, desc) in &g.values {
                    s.push_str("    ");
                    s.push_str(&print_arg(name, DEFAULT_PAD));
                    help_str(s, desc, width, name.len() + 8);
                }
            }
        }
    }
}

/// `Option::printHelpStr`: pad to the help column, then ` - ` and the text; later lines of a
/// multi-line text are indented to the column.
fn help_str(s: &mut String, help: &str, indent: usize, first_line_indented_by: usize) {
    let mut lines = help.split('\n');
    s.push_str(&" ".repeat(indent.saturating_sub(first_line_indented_by)));
    s.push_str(ARG_HELP_PREFIX);
    s.push_str(lines.next().unwrap_or(""));
    s.push('\n');
    for line in lines {
        s.push_str(&" ".repeat(indent));
        s.push_str(line);
        s.push('\n');
    }
}

/// The text of `--help` (categorized) or `--help-list` (one list), with hidden options or not.
pub fn help_text(cl: &CommandLine, show_hidden: bool, categorized: bool) -> String {
    let visible = |o: &OptSpec| {
        // `--help` unhides `--help-list`, so that the plain list stays reachable.
        (!o.really_hidden && (!o.hidden || show_hidden))
            || (categorized && matches!(o.kind, ValueKind::Immediate(Immediate::HelpList)))
    };
    let mut items: Vec<(&str, &str, HelpItem)> =
        cl.options.iter().filter(|o| visible(o)).map(|o| (o.name, o.category, HelpItem::Opt(o))).collect();
    if let Some(g) = &cl.literals {
        items.push((g.sort_key, g.category, HelpItem::Group(g)));
    }
    items.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let width = items.iter().map(|(_, _, item)| item.width()).max().unwrap_or(0);

    let mut s = format!("USAGE: {} [options] {}\n\nOPTIONS:\n", cl.program_name, cl.positional_help);
    if categorized {
        let mut categories: Vec<&str> = items.iter().map(|(_, c, _)| *c).collect();
        categories.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        categories.dedup();
        for category in categories {
            s.push_str(&format!("\n{category}:\n\n"));
            for (_, _, item) in items.iter().filter(|(_, c, _)| *c == category) {
                item.print(width, &mut s);
            }
        }
    } else {
        for (_, _, item) in &items {
            item.print(width, &mut s);
        }
    }
    s
}

/// Expands `@file` words into the words of `file` (GNU quoting), as cl:: does before parsing.
/// A missing file leaves the word as it is; words from a response file that name further
/// response files are relative to that file's directory.
fn expand_response_files(args: &[String]) -> Result<Vec<String>, String> {
    fn expand(
        args: &[String],
        base: Option<&Path>,
        stack: &mut Vec<PathBuf>,
        out: &mut Vec<String>,
    ) -> Result<(), String> {
        for arg in args {
            let Some(name) = arg.strip_prefix('@') else {
                out.push(arg.clone());
                continue;
            };
            let path = match base {
                Some(dir) if Path::new(name).is_relative() => dir.join(name),
                _ => PathBuf::from(name),
            };
            let text = match std::fs::read(&path) {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    out.push(arg.clone());
                    continue;
                }
                Err(e) => return Err(format!("cannot not open file '{}': {}", path.display(), crate::os_message(&e))),
            };
            let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
            if stack.contains(&canonical) {
                return Err(format!("recursive expansion of: '{}'", path.display()));
            }
            stack.push(canonical);
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            expand(&tokenize_gnu(&text), Some(&dir), stack, out)?;
            stack.pop();
        }
        Ok(())
    }
    let mut out = Vec::with_capacity(args.len());
    expand(args, None, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// `cl::TokenizeGNUCommandLine`: whitespace separates words; `'` and `"` quote; a backslash
/// takes the next character literally (inside quotes too).
fn tokenize_gnu(src: &str) -> Vec<String> {
    let chars: Vec<char> = src.chars().collect();
    let mut words = Vec::new();
    let mut token = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() {
            token.push(chars[i + 1]);
            i += 2;
            continue;
        }
        if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                }
                token.push(chars[i]);
                i += 1;
            }
            i += 1;
            continue;
        }
        if matches!(c, ' ' | '\t' | '\r' | '\n') {
            if !token.is_empty() {
                words.push(std::mem::take(&mut token));
            }
            i += 1;
            continue;
        }
        token.push(c);
        i += 1;
    }
    if !token.is_empty() {
        words.push(token);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_matches_levenshtein() {
        assert_eq!(edit_distance("o", "foo"), 2);
        assert_eq!(edit_distance("gen-vt", "gen-foo"), 3);
        assert_eq!(edit_distance("print-records", "printrecords"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn unsigned_values_take_c_radix_prefixes() {
        assert_eq!(parse_unsigned("10"), Some(10));
        assert_eq!(parse_unsigned("0x1f"), Some(31));
        assert_eq!(parse_unsigned("010"), Some(8));
        assert_eq!(parse_unsigned("0b11"), Some(3));
        assert_eq!(parse_unsigned("0"), Some(0));
        assert_eq!(parse_unsigned("-1"), None);
        assert_eq!(parse_unsigned(""), None);
        assert_eq!(parse_unsigned("x"), None);
    }

    #[test]
    fn gnu_tokenizer_quotes_and_escapes() {
        assert_eq!(tokenize_gnu("a 'b c' \"d\\\"e\" f\\ g\n"), vec!["a", "b c", "d\"e", "f g"]);
        assert_eq!(tokenize_gnu("  "), Vec::<String>::new());
    }
}
