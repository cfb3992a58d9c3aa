//! `tdq man [COMMAND]` and `tdq completions SHELL`: a man page per subcommand (`tdq-diff(1)`,
//! as git has `git-diff(1)`) and shell completion scripts, both made from tdq's clap
//! definitions, with what clap does not know added: each page's EXIT STATUS and ENVIRONMENT,
//! a synopsis with the options' values, and for completion the values tdq knows (lint ids,
//! canned queries, formats, releases) and `tdq tblgen`'s and `tdq clang-tblgen`'s actions and
//! options, which their own command-line parser (`cl.rs`) declares rather than clap.

use crate::exit_codes::{FAILURE, SUCCESS, USAGE};
use crate::tblgen::Tool;
use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, Command};
use std::io::Write;

/// The exit statuses of a command, as its page lists them.
fn exit_statuses(command: &str) -> &'static [(i32, &'static str)] {
    match command {
        "diff" => &[
            (SUCCESS, "the two sides are equal (after the filters)"),
            (FAILURE, "they differ"),
            (USAGE, "trouble: a side unreadable or failing to evaluate, a bad argument, an unknown revision"),
        ],
        "lint" => &[
            (SUCCESS, "no finding at or above the --fail-on level (or --write-baseline, --list, --explain)"),
            (FAILURE, "findings"),
            (USAGE, "errors: the sources do not evaluate, a bad configuration, baseline or command line"),
        ],
        "explain" => &[
            (SUCCESS, "the field was explained"),
            (FAILURE, "the sources do not evaluate"),
            (USAGE, "no such def or field, or a bad command line"),
        ],
        "tblgen" => &[
            (SUCCESS, "success"),
            (FAILURE, "any error, as llvm-tblgen: command line, input, evaluation, backend, output"),
        ],
        "lsp" => &[
            (SUCCESS, "the client asked for shutdown, then exit (as the Language Server Protocol says)"),
            (FAILURE, "exit without shutdown, the client's input ended, or the server could not start its workers"),
            (USAGE, "a bad command line"),
        ],
        "clang-tblgen" => &[
            (SUCCESS, "success"),
            (FAILURE, "any error, as clang-tblgen: command line, input, evaluation, backend, output"),
        ],
        "cache" | "cache-list" | "cache-prune" => &[(SUCCESS, "success"), (FAILURE, "an entry could not be removed"), (USAGE, "a bad command line")],
        "completions" | "man" => &[(SUCCESS, "success"), (FAILURE, "the output could not be written"), (USAGE, "a bad command line")],
        "repl" => &[
            (SUCCESS, "success; on a terminal, whatever the statements did"),
            (FAILURE, "read from a pipe or file: a statement or dot command failed (as sqlite3); or the sources do not evaluate"),
            (USAGE, "a bad command line"),
        ],
        _ => &[
            (SUCCESS, "success"),
            (FAILURE, "the sources do not evaluate, or an SQL, store or output error"),
            (USAGE, "a bad command line, no sources, an unknown name"),
        ],
    }
}

/// The environment variables a command reads, for its page.
fn environment(command: &str) -> Vec<(&'static str, &'static str)> {
    let release = ("TDQ_LLVM_VERSION", "The LLVM release to evaluate as (19, 22 or 23) when no --llvm-version is given; before tdq.toml and the tree's LLVMVersion.cmake.");
    let cache_dir = ("TDQ_CACHE_DIR", "The cache directory (stores, evaluation snapshots, REPL history); default $XDG_CACHE_HOME/tdq, else ~/.cache/tdq.");
    let xdg = ("XDG_CACHE_HOME", "Where the cache directory is when TDQ_CACHE_DIR is not set.");
    let no_color = ("NO_COLOR", "When set and not empty, no colours on a terminal (unless --color always).");
    let memory = ("TDQ_MAX_MEMORY", "The memory bound when no --max-memory is given (4G, 512M, 25%, none); before tdq.toml's max-memory; default half of the machine's memory.");
    match command {
        "tblgen" | "clang-tblgen" => vec![
            release,
            memory,
            cache_dir,
            xdg,
            ("TDQ_TBLGEN_CACHE", "off: evaluate every time; always: keep every evaluation that printed nothing (default: those that read 64 KiB of sources or more)."),
        ],
        "diff" => vec![release, memory, no_color],
        "lint" => vec![release, memory, cache_dir, xdg, no_color],
        "cache" | "cache-list" | "cache-prune" => vec![cache_dir, xdg],
        "completions" | "man" => Vec::new(),
        "explain" => vec![release, memory],
        "lsp" => vec![release],
        _ => vec![release, memory, cache_dir, xdg],
    }
}

/// roff text, escaped: backslashes, dashes and a leading dot or quote.
fn roff_escape(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    match escaped.chars().next() {
        Some('.' | '\'') => format!("\\&{escaped}"),
        _ => escaped,
    }
}

/// A value's name, as the synopsis shows it (`DIR`, `NAME=N`).
fn value_name(arg: &Arg) -> String {
    match arg.get_value_names() {
        Some(names) => names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" "),
        None => arg.get_id().as_str().to_uppercase(),
    }
}

/// The SYNOPSIS, with each option's value (clap_mangen's leaves them out).
fn synopsis(command: &Command, name: &str) -> String {
    let mut line = format!("\\fB{}\\fR", roff_escape(name));
    for arg in command.get_arguments().filter(|a| !a.is_hide_set() && !a.is_positional()) {
        let flag = match (arg.get_short(), arg.get_long()) {
            (Some(s), Some(l)) => format!("\\fB\\-{s}\\fR|\\fB\\-\\-{}\\fR", roff_escape(l)),
            (Some(s), None) => format!("\\fB\\-{s}\\fR"),
            (None, Some(l)) => format!("\\fB\\-\\-{}\\fR", roff_escape(l)),
            (None, None) => continue,
        };
        let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
        let value = if takes_value { format!(" \\fI{}\\fR", roff_escape(&value_name(arg))) } else { String::new() };
        let repeated = matches!(arg.get_action(), ArgAction::Append | ArgAction::Count);
        let more = if repeated { "..." } else { "" };
        if arg.is_required_set() {
            line.push_str(&format!(" {flag}{value}{more}"));
        } else {
            line.push_str(&format!(" [{flag}{value}]{more}"));
        }
    }
    for arg in command.get_positionals().filter(|a| !a.is_hide_set()) {
        let value = format!("\\fI{}\\fR", roff_escape(&value_name(arg)));
        let more = if matches!(arg.get_action(), ArgAction::Append) { "..." } else { "" };
        if arg.is_required_set() {
            line.push_str(&format!(" {value}{more}"));
        } else {
            line.push_str(&format!(" [{value}]{more}"));
        }
    }
    if command.has_subcommands() {
        line.push_str(" [\\fICOMMAND\\fR]");
    }
    format!(".SH SYNOPSIS\n{line}\n")
}

/// The page of `command` (named `tdq` or `tdq-NAME`).
fn render_page(command: Command, name: &str, key: &str, out: &mut dyn Write) -> std::io::Result<()> {
    let page_name = name.replace(' ', "-");
    let mut command = command.name(page_name.clone()).display_name(page_name).bin_name(name);
    // Built, its arguments say how many values they take.
    command.build();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    out.write_all(synopsis(&command, name).as_bytes())?;
    man.render_description_section(out)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if command.has_subcommands() {
        man.render_subcommands_section(out)?;
    }
    let mut text = String::from(".SH \"EXIT STATUS\"\n");
    for (status, meaning) in exit_statuses(key) {
        text.push_str(&format!(".TP\n\\fB{status}\\fR\n{}\n", roff_escape(meaning)));
    }
    let environment = environment(key);
    if !environment.is_empty() {
        text.push_str(".SH ENVIRONMENT\n");
        for (variable, meaning) in environment {
            text.push_str(&format!(".TP\n\\fB{variable}\\fR\n{}\n", roff_escape(meaning)));
        }
    }
    text.push_str(".SH \"SEE ALSO\"\n");
    let pages: Vec<String> = if key == "tdq" {
        vec!["llvm-tblgen(1)".to_string(), "clang-tblgen(1)".to_string(), "sqlite3(1)".to_string()]
    } else {
        vec!["tdq(1)".to_string()]
    };
    text.push_str(&format!("{}\n", roff_escape(&pages.join(", "))));
    out.write_all(text.as_bytes())?;
    if command.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// `tdq man [COMMAND]`.
pub fn print_man_page(root: Command, name: Option<&str>) -> i32 {
    let mut out = std::io::stdout().lock();
    let result = match name {
        None => render_page(root, "tdq", "tdq", &mut out),
        Some("tblgen") => render_page(tool_command(Tool::LlvmTblgen), "tdq tblgen", "tblgen", &mut out),
        Some("clang-tblgen") => {
            render_page(tool_command(Tool::ClangTblgen), "tdq clang-tblgen", "clang-tblgen", &mut out)
        }
        Some(name) => match find_page(&root, name) {
            Some((command, key)) => {
                let page = format!("tdq {}", key.replacen('-', " ", 1));
                render_page(command, &page, &key, &mut out)
            }
            None => {
                let names: Vec<String> = root.get_subcommands().map(|c| c.get_name().to_string()).collect();
                eprintln!("tdq man: no command `{name}` (the commands are {})", names.join(", "));
                return USAGE;
            }
        },
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => SUCCESS,
        Err(e) => {
            eprintln!("tdq: error: writing the man page: {e}");
            FAILURE
        }
    }
}

/// The command whose page is `name`: a command (`diff`), or a command's own command as its page
/// names it (`cache-prune`, which tdq-cache(1) lists), with its key.
fn find_page(root: &Command, name: &str) -> Option<(Command, String)> {
    let not_help = |c: &&Command| c.get_name() != "help";
    if let Some(command) = root.find_subcommand(name).filter(not_help) {
        return Some((command.clone(), command.get_name().to_string()));
    }
    let (outer, inner) = name.split_once('-')?;
    let command = root.find_subcommand(outer).filter(not_help)?.find_subcommand(inner).filter(not_help)?;
    Some((command.clone(), format!("{outer}-{}", command.get_name())))
}

/// `tdq tblgen`'s or `tdq clang-tblgen`'s command line as clap sees it, for its page and for
/// completion: every action and option the tool of the newest release lists in `--help`, with
/// their values.
fn tool_command(tool: Tool) -> Command {
    let cl = crate::tblgen::documented_command_line(tool);
    let name = tool.name();
    let mut command = Command::new(tool.subcommand())
        .about(format!("Run as {name} (of the release --llvm-version names): the same options, output, messages and exit statuses."))
        .disable_help_flag(true)
        .disable_version_flag(true)
        .arg(
            Arg::new("llvm-version")
                .long("llvm-version")
                .value_name("V")
                .help(format!("The release whose {name} to be: 19, 22 or 23 (default: TDQ_LLVM_VERSION, the tree's LLVMVersion.cmake, else the newest)."))
                .value_parser(PossibleValuesParser::new(releases())),
        )
        .arg(
            Arg::new("limit")
                .long("limit")
                .value_name("NAME=N")
                .action(ArgAction::Append)
                .help("Change a bound on the evaluation's work (records, list-size, foreach-iterations, ...; README: Limits)."),
        )
        .arg(
            Arg::new("max-memory")
                .long("max-memory")
                .value_name("SIZE")
                .help("Stop the evaluation when tdq's memory passes SIZE (4G, 512M, 25%, none; default: TDQ_MAX_MEMORY, else half of the machine's memory)."),
        );
    if let Some(literals) = &cl.literals {
        for (name, help) in &literals.values {
            command =
                command.arg(Arg::new(format!("action:{name}")).long(*name).help(*help).action(ArgAction::SetTrue));
        }
    }
    for option in cl.options.iter().filter(|o| !o.hidden && !o.really_hidden) {
        let mut arg = Arg::new(format!("option:{}", option.name)).help(option.help);
        arg = match option.name.chars().count() {
            1 => arg.short(option.name.chars().next().expect("one character")),
            _ => arg.long(option.name),
        };
        arg = match option.kind {
            crate::cl::ValueKind::Bool | crate::cl::ValueKind::Immediate(_) => arg.action(ArgAction::SetTrue),
            crate::cl::ValueKind::Enum(values) => {
                arg.value_name("VALUE").value_parser(PossibleValuesParser::new(values.iter().map(|(v, _)| *v)))
            }
            _ => {
                let name = if option.value_desc.is_empty() { "VALUE" } else { option.value_desc };
                let arg = arg.value_name(name.to_uppercase().replace(' ', "_"));
                if option.list {
                    arg.action(ArgAction::Append)
                } else {
                    arg
                }
            }
        };
        if option.name == "o" || option.name == "d" {
            arg = arg.value_hint(clap::ValueHint::FilePath);
        } else if option.name == "I" {
            arg = arg.value_hint(clap::ValueHint::DirPath);
        }
        command = command.arg(arg);
    }
    command.arg(
        Arg::new("input")
            .value_name("FILE")
            .help("The .td file (default: standard input)")
            .value_hint(clap::ValueHint::FilePath),
    )
}

fn releases() -> Vec<String> {
    tdq_core::Release::ALL.iter().map(|r| r.to_string()).collect()
}

/// Gives each argument named `id` (in `command` and every subcommand) the values `values` for
/// completion: the command line itself is parsed as before.
fn complete_values(command: Command, id: &str, values: &[String]) -> Command {
    let values = values.to_vec();
    let mut command = command;
    if command.get_arguments().any(|a| a.get_id() == id) {
        let values = values.clone();
        command = command.mut_arg(id, move |a| a.value_parser(PossibleValuesParser::new(values)));
    }
    let names: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        let values = values.clone();
        command = command.mut_subcommand(name, |c| complete_values(c, id, &values));
    }
    command
}

/// `tdq completions SHELL`: clap_complete's script for tdq's command line, with the values tdq
/// knows and `tdq tblgen`'s and `tdq clang-tblgen`'s own options.
pub fn print_completions(root: Command, shell: clap_complete::Shell) -> i32 {
    let lint_ids: Vec<String> = tdq_lints::rules::LINTS.iter().map(|l| l.id.to_string()).collect();
    let mut select: Vec<String> = lint_ids.clone();
    select.push("all".to_string());
    let canned: Vec<String> = tdq_queries::canned::CANNED.iter().map(|(name, _)| name.to_string()).collect();
    let formats: Vec<String> =
        ["table", "line", "csv", "tsv", "json", "jsonl", "markdown"].iter().map(|s| s.to_string()).collect();
    let mut pages: Vec<String> =
        root.get_subcommands().map(|c| c.get_name().to_string()).filter(|n| n != "help").collect();
    pages.sort();
    let mut command = root;
    for id in ["llvm_version", "old_llvm_version", "new_llvm_version"] {
        command = complete_values(command, id, &releases());
    }
    command = command
        .mut_subcommand("lint", |c| {
            let select = select.clone();
            let (ignore, explain) = (lint_ids.clone(), lint_ids.clone());
            c.mut_arg("select", move |a| a.value_parser(PossibleValuesParser::new(select)))
                .mut_arg("ignore", move |a| a.value_parser(PossibleValuesParser::new(ignore)))
                .mut_arg("explain", move |a| a.value_parser(PossibleValuesParser::new(explain)))
                .mut_arg("format", |a| a.value_parser(PossibleValuesParser::new(["text", "json", "sarif", "github"])))
                .mut_arg("fail_on", |a| a.value_parser(PossibleValuesParser::new(["error", "warning", "note"])))
        })
        .mut_subcommand("q", |c| c.mut_arg("name", move |a| a.value_parser(PossibleValuesParser::new(canned))))
        .mut_subcommand("man", |c| c.mut_arg("command", move |a| a.value_parser(PossibleValuesParser::new(pages))))
        .mut_subcommand("tblgen", |_| tool_command(Tool::LlvmTblgen))
        .mut_subcommand("clang-tblgen", |_| tool_command(Tool::ClangTblgen));
    // The query commands' --format (diff's, lint's and graph's have their own values).
    fn query_formats(c: Command, formats: &[String]) -> Command {
        let formats = formats.to_vec();
        c.mut_arg("format", move |a| a.value_parser(PossibleValuesParser::new(formats)))
    }
    command = query_formats(command, &formats);
    command = command
        .mut_subcommand("q", |c| query_formats(c, &formats))
        .mut_subcommand("repl", |c| query_formats(c, &formats));
    let mut out = std::io::stdout().lock();
    clap_complete::generate(shell, &mut command, "tdq", &mut out);
    SUCCESS
}
