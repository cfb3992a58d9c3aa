//! `tdq tblgen` and `tdq clang-tblgen`: a drop-in llvm-tblgen or clang-tblgen of LLVM 19, 22
//! or 23 — its command line, then the steps of LLVM's `TableGenMain`
//! (llvm/lib/TableGen/Main.cpp), which both tools share: read the input, evaluate, run the
//! backend into memory, write the depfile, write the output (only when changed with
//! `--write-if-changed`), with the same messages and exit statuses. What differs between the
//! two tools is [`Tool`]'s.

mod clang_actions;
mod options;
mod timing;
mod tool;

pub use tool::Tool;

use crate::cl::{self, Outcome, Value};
use crate::exit_codes::{FAILURE, SUCCESS};
use crate::os_message;
use std::io::{Read, Write};
use std::os::fd::AsFd;
use tdq_backends::{Backend, BackendError, BackendOption, BackendOptions, OptionKind, OptionValue};
use tdq_core::Evaluation;
use tdq_store::eval_cache::{self, EvalCache};
use timing::{PhaseTimer, ReportOptions};

/// Runs `tool` (`tdq tblgen`, `tdq clang-tblgen`) on `args` (the words after the subcommand)
/// and returns the exit status.
///
/// `program_name` starts cl::'s messages (LLVM's tools use the file name of `argv[0]`),
/// `argv0` starts the driver's (they use `argv[0]` as given).
pub fn run(tool: Tool, program_name: &str, argv0: &str, args: &[String]) -> i32 {
    let backend_options = tool.backend_options();
    let mut args = args.to_vec();
    let release_flag = match crate::release::take_flag(&mut args) {
        Ok(flag) => flag,
        Err(e) => {
            eprintln!("{program_name}: {e}");
            return FAILURE;
        }
    };
    // Which release's command line this is: the flag or the environment say, else the store
    // (`--from-db`) or the input's tree, found by a silent first parse (a line that does not
    // parse, or asks for help, is answered in the release the flag or the environment name).
    let line_release =
        crate::release::choose(release_flag.as_deref(), None, None).map(|c| c.release).unwrap_or_default();
    let first = options::command_line(tool, program_name, argv0, &backend_options, line_release);
    let line_release = match cl::parse(&first, &args, &mut std::io::sink(), &mut std::io::sink()) {
        Outcome::Run(matches) => match matches.text(options::FROM_DB).filter(|db| !db.is_empty()) {
            Some(db) if release_flag.is_none() => stored_release(db).unwrap_or(line_release),
            _ => {
                let root = matches.positionals.first().filter(|input| *input != "-").map(std::path::Path::new);
                crate::release::choose(release_flag.as_deref(), None, root).map_or(line_release, |c| c.release)
            }
        },
        Outcome::Exit(_) => line_release,
    };
    let cl = options::command_line(tool, program_name, argv0, &backend_options, line_release);
    let matches = match cl::parse(&cl, &args, &mut std::io::stdout(), &mut std::io::stderr()) {
        Outcome::Run(matches) => matches,
        Outcome::Exit(status) => return status,
    };
    let backend_name = matches.literal.unwrap_or(options::DEFAULT_BACKEND);
    let Some(backend) = tool.backend(backend_name) else {
        eprintln!("tdq: backend '--{backend_name}' is not implemented yet");
        return FAILURE;
    };
    if let Some(option) = unsupported_option(&matches) {
        eprintln!("tdq: option '{option}' is not implemented yet");
        return FAILURE;
    }
    let limit_settings = matches.texts(options::LIMITS);
    if let Some(e) = limit_settings.iter().find_map(|s| crate::parse_limit(s).err()) {
        eprintln!("{program_name}: for the --limit option: {e}");
        return FAILURE;
    }
    let limits = crate::limits(&limit_settings);
    match crate::memory::choose(matches.text(options::MAX_MEMORY), None) {
        Ok(bound) => crate::memory::start(bound),
        Err(e) => {
            eprintln!("{program_name}: {e}");
            return FAILURE;
        }
    }
    let input = matches.positionals.first().cloned().unwrap_or_else(|| "-".to_string());
    let root = (input != "-").then(|| std::path::Path::new(&input));
    let chosen = match crate::release::choose(release_flag.as_deref(), None, root) {
        Ok(chosen) => chosen,
        Err(e) => {
            eprintln!("{program_name}: {e}");
            return FAILURE;
        }
    };
    // A store's records were evaluated as one release, which the backend then follows: the
    // command line may name it, not another. (A store that cannot be read is reported when
    // it is loaded.)
    let release = chosen.release;
    let from_db = matches.text(options::FROM_DB).unwrap_or("");
    let release = match (from_db.is_empty(), stored_release(from_db)) {
        (false, Some(stored)) if release_flag.is_some() && stored != release => {
            eprintln!(
                "{program_name}: --llvm-version {release}: the store '{from_db}' holds records evaluated as \
                 LLVM {stored} (leave --llvm-version out to print them as LLVM {stored}, or export the sources \
                 again with --llvm-version {release})"
            );
            return FAILURE;
        }
        (false, Some(stored)) => stored,
        _ => release,
    };
    restore_default_sigpipe();
    let settings = Settings {
        release_note: chosen.failure_note(),
        input: matches.positionals.first().cloned().unwrap_or_else(|| "-".to_string()),
        output: matches.text(options::OUTPUT).unwrap_or("-").to_string(),
        depfile: matches.text(options::DEPFILE).unwrap_or("").to_string(),
        write_if_changed: matches.flag(options::WRITE_IF_CHANGED, false),
        from_db: matches.text(options::FROM_DB).unwrap_or("").to_string(),
        backend: BackendOptions {
            input_filename: matches.positionals.first().cloned().unwrap_or_else(|| "-".to_string()),
            output_filename: matches.text(options::OUTPUT).unwrap_or("-").to_string(),
            release,
            values: backend_option_values(&matches, &backend_options),
        },
        core: tdq_core::Options {
            include_dirs: matches.texts(options::INCLUDE_DIRS),
            defines: matches.texts(options::DEFINES),
            no_warn_on_unused_template_args: matches.flag(options::NO_WARN_ON_UNUSED_TEMPLATE_ARGS, false),
            limits,
            release,
            trace: false,
            lex_ahead: crate::heap::spare_processor(),
        },
    };
    let timer = PhaseTimer::new(
        matches.flag(options::TIME_PHASES, false),
        ReportOptions {
            sort: matches.flag(options::SORT_TIMERS, true),
            track_memory: matches.flag(options::TRACK_MEMORY, false),
            info_output_file: matches.text(options::INFO_OUTPUT_FILE).unwrap_or("").to_string(),
        },
    );
    table_gen_main(argv0, &settings, backend, timer)
}

/// The release the store at `path` was evaluated as, if it can be read.
fn stored_release(path: &str) -> Option<tdq_core::Release> {
    if path.is_empty() {
        return None;
    }
    let conn = tdq_store::open_read_only(std::path::Path::new(path)).ok()?;
    tdq_store::load::stored_release(&conn).ok()
}

/// `tool`'s command line in the newest release, with tdq's backends, for `tdq man tblgen`,
/// `tdq man clang-tblgen` and completion.
pub fn documented_command_line(tool: Tool) -> cl::CommandLine {
    options::command_line(tool, tool.name(), tool.name(), &tool.backend_options(), tdq_core::Release::NEWEST)
}

/// The values given for the backends' own options, typed as each declares.
fn backend_option_values(
    matches: &cl::Matches,
    declared: &[BackendOption],
) -> std::collections::BTreeMap<&'static str, OptionValue> {
    declared
        .iter()
        .filter_map(|option| {
            if option.kind == OptionKind::StrList {
                let given = matches.list(option.name);
                if given.is_empty() {
                    return None;
                }
                let values = given.iter().flat_map(|v| v.split(',')).map(str::to_string).collect();
                return Some((option.name, OptionValue::List(values)));
            }
            let value = match matches.last(option.name)? {
                Value::Bool(b) => OptionValue::Bool(*b),
                Value::Str(s) => OptionValue::Str(s.clone()),
                Value::Uint(n) => OptionValue::Uint(*n),
                Value::Enum(e) => OptionValue::Str((*e).to_string()),
            };
            Some((option.name, value))
        })
        .collect()
}

/// What `TableGenMain` reads from the command line.
struct Settings {
    /// `-` for stdin.
    input: String,
    /// `-` for stdout.
    output: String,
    /// Empty when there is no `-d`.
    depfile: String,
    write_if_changed: bool,
    /// `--from-db`: a store to read instead of the input file; empty when not given.
    from_db: String,
    /// `--class` and the input's name, for the backend.
    backend: BackendOptions,
    /// Printed after the errors of an evaluation that fails, when nothing named the release
    /// (what `crate::release::Chosen::failure_note` says).
    release_note: Option<String>,
    core: tdq_core::Options,
}

/// An option given whose effect tdq does not have yet, so that it is refused rather than
/// silently dropped. Options that llvm-tblgen 19 itself ignores (`--stats` without asserts,
/// `--print-options`, crash and debug-counter settings) are accepted; options of backends tdq
/// refuses anyway are accepted too, since the backend check comes first.
fn unsupported_option(matches: &cl::Matches) -> Option<String> {
    // FIXME: forcing colours needs a colour mode in tdq_core::diag::render.
    if matches.flag(options::COLOR_OPTION, false) {
        return Some("--color".to_string());
    }
    None
}

/// The steps of llvm-tblgen's `TableGenMain`, in its order.
fn table_gen_main(argv0: &str, settings: &Settings, backend: &dyn Backend, mut timer: PhaseTimer) -> i32 {
    timer.start("Parse, build records");
    let mut backend_options = settings.backend.clone();
    // Where this evaluation is kept for the next command on the same sources, when it was
    // evaluated rather than loaded from there.
    let mut cache: Option<EvalCache> = None;
    // Not dropped: the process ends after this, and freeing a large target's records one by
    // one would take a noticeable part of the run (as LLVM, which exits without destroying
    // its RecordKeeper).
    let evaluation = std::mem::ManuallyDrop::new(if settings.from_db.is_empty() {
        let text = match read_input(&settings.input, settings.core.limits.get(tdq_core::limits::Limit::FileSize)) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{argv0}: Could not open input file '{}': {}", settings.input, os_message(&e));
                return FAILURE;
            }
        };
        // MemoryBuffer::getFileOrSTDIN names the standard input buffer `<stdin>`.
        let main_path = if settings.input == "-" { "<stdin>" } else { settings.input.as_str() };
        if settings.input != "-" {
            cache = EvalCache::new(main_path, &settings.core, eval_cache::Mode::from_env());
        }
        match cache.as_ref().map(|c| c.load(main_path, &text, &settings.core, backend.reads_records())) {
            Some(Ok(evaluation)) => {
                evaluation.records.dialect().print.install();
                cache = None;
                evaluation
            }
            _ => tdq_core::evaluate(main_path, text, &settings.core),
        }
    } else {
        let loaded = tdq_store::open_read_only(std::path::Path::new(&settings.from_db))
            .map_err(|e| e.to_string())
            .and_then(|conn| {
                // The input file llvm-tblgen would have been given, for backends that name it.
                if backend_options.input_filename == "-" {
                    if let Ok(root) = conn.query_row("SELECT value FROM meta WHERE key = 'root'", [], |r| r.get(0)) {
                        backend_options.input_filename = root;
                    }
                }
                tdq_store::load_evaluation(&conn).map_err(|e| e.to_string())
            });
        match loaded {
            // The backend prints as the records' release (which `run` checked the command line
            // against).
            Ok(evaluation) => {
                backend_options.release = evaluation.records.release;
                evaluation
            }
            Err(e) => {
                eprintln!("{argv0}: {}: {e}", settings.from_db);
                return FAILURE;
            }
        }
    });
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for diagnostic in &evaluation.diags.list {
        let _ = err.write_all(&tdq_core::diag::render_bytes(&evaluation.sm, diagnostic));
    }
    // Sources of another release than the one defaulted to fail far from what differs.
    let failed = evaluation.parse_failed || evaluation.diags.has_errors();
    if let Some(note) = settings.release_note.as_ref().filter(|_| failed && settings.from_db.is_empty()) {
        let _ = writeln!(err, "tdq: {note}");
    }
    let _ = err.flush();
    drop(err);
    // A parse that stopped at an error ends here, quietly. Errors reported while the parse went
    // on (failed asserts, for one) let the backend run and the depfile be written; they are
    // counted at the end like llvm-tblgen's ErrorsPrinted, and the output file is not kept.
    if evaluation.parse_failed {
        return FAILURE;
    }
    std::thread::scope(|scope| {
        // The evaluation is kept for the next command on the same sources on the other core,
        // while the backend runs on this one.
        if let Some(cache) = cache.as_ref().filter(|c| c.wants(&evaluation)) {
            let evaluation: &Evaluation = &evaluation;
            let keep = std::thread::Builder::new().name("tdq-cache".into()).stack_size(crate::EVALUATION_STACK);
            // Without a thread (none to be had), the evaluation is simply not kept.
            let _ = keep.spawn_scoped(scope, move || cache.store(evaluation));
        }
        run_backend(argv0, settings, backend, &evaluation, &backend_options, timer)
    })
}

/// The rest of `TableGenMain` once the records are there: the backend, the depfile, the output.
fn run_backend(
    argv0: &str,
    settings: &Settings,
    backend: &dyn Backend,
    evaluation: &Evaluation,
    backend_options: &BackendOptions,
    mut timer: PhaseTimer,
) -> i32 {
    let mut errors_printed = evaluation.diags.error_count();
    timer.stop();
    let dialect = evaluation.records.dialect();
    if errors_printed > 0 && dialect.errors_stop_backend {
        eprintln!("{argv0}: {errors_printed} errors.");
        return FAILURE;
    }

    timer.start_backend("Backend overall");
    // Standard output is written as the backend goes when nothing could tell that from holding
    // it: the backend reports nothing, and neither a depfile error (which keeps the output
    // from being written) nor --write-if-changed (which compares it first) can come after.
    let stream =
        settings.output == "-" && backend.only_writes() && settings.depfile.is_empty() && !settings.write_if_changed;
    let mut out = if stream { Output::Streamed(Streamed::default()) } else { Output::open(&settings.output) };
    let (result, additional, backend_errors) = timer.record(|| out.emit(backend, evaluation, backend_options));
    if let Err(error) = result {
        out.discard();
        match error {
            BackendError::Fatal(diags) => {
                eprint!("{}", diags.render_all(&evaluation.sm));
                // LLVM's `report_fatal_error`: its message, then exit status 1 or a crash.
                if let Some(report) = &diags.fatal_error_report {
                    eprintln!("LLVM ERROR: {}", report.message);
                    if report.crash {
                        crash_report(dialect);
                    }
                }
            }
            BackendError::Io(e) => eprintln!("{argv0}: {}", os_message(&e)),
        }
        return FAILURE;
    }
    // Errors a backend reported and went on after (PrintError) count like the parser's.
    errors_printed += backend_errors;
    timer.stop_backend();

    // Main.cpp writes the depfile even when the output is unchanged, or Ninja would rebuild.
    if !settings.depfile.is_empty() {
        if settings.output == "-" {
            eprintln!("{argv0}: the option -d must be used together with -o");
            return FAILURE;
        }
        let mut text = format!("{}:", settings.output);
        if dialect.depfile_names_input && settings.input != "-" {
            text.push(' ');
            text.push_str(&settings.input);
        }
        for dependency in sorted_dependencies(&evaluation.dependencies) {
            text.push(' ');
            text.push_str(dependency);
        }
        text.push('\n');
        if let Err(e) = write_output_file(&settings.depfile, text.as_bytes()) {
            eprintln!("{argv0}: error opening {}:{}", settings.depfile, os_message(&e));
            out.discard();
            return FAILURE;
        }
    }

    timer.start("Write output");
    // Main.cpp compares with MemoryBuffer::getFile(OutputFilename), which reads a file named
    // `-` rather than stdin; so does this.
    let unchanged = settings.write_if_changed && out.same_as_file(&settings.output);
    if unchanged {
        out.discard();
    } else {
        if let Err(e) = out.commit(&settings.output) {
            eprintln!("{argv0}: error opening {}: {}", settings.output, os_message(&e));
            return FAILURE;
        }
        if errors_printed > 0 && settings.output != "-" {
            // ToolOutputFile::keep() is not called: the file goes away.
            remove_output(&settings.output);
        }
    }
    // The files written beside the output (LLVM 22's TableGenOutputFiles::AdditionalFiles),
    // each as the main one: named from it, only when changed with --write-if-changed.
    for (suffix, bytes) in &additional {
        let path = additional_file_name(&settings.output, suffix);
        if settings.write_if_changed && std::fs::read(&path).is_ok_and(|old| old == *bytes) {
            continue;
        }
        if let Err(e) = write_output_file(&path, bytes) {
            eprintln!("{argv0}: error opening {path}: {}", os_message(&e));
            return FAILURE;
        }
        if errors_printed > 0 && path != "-" {
            remove_output(&path);
        }
    }
    timer.stop();
    timer.report();
    if errors_printed > 0 {
        eprintln!("{argv0}: {errors_printed} errors.");
        return FAILURE;
    }
    SUCCESS
}

/// Removes an output that is not kept, as LLVM's `sys::fs::remove` does: a regular file or a
/// symlink, never a device such as `/dev/null` (which a process run as root would otherwise
/// delete, leaving the next writer of `/dev/null` to create a plain file there) or a pipe.
fn remove_output(path: &str) {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file() || m.file_type().is_symlink()) {
        let _ = std::fs::remove_file(path);
    }
}

/// The name of a file written beside `output`: its extension replaced by `suffix`
/// (`sys::path::replace_extension(Filename, "")` then the suffix), or `-` for standard output.
fn additional_file_name(output: &str, suffix: &str) -> String {
    if output == "-" {
        return output.to_string();
    }
    let name_start = output.rfind('/').map_or(0, |i| i + 1);
    let stem_end = match output[name_start..].rfind('.') {
        Some(dot) => name_start + dot,
        None => output.len(),
    };
    format!("{}{suffix}", &output[..stem_end])
}

/// The included files, in the byte order of llvm-tblgen's `std::set<std::string>`, once each.
fn sorted_dependencies(dependencies: &[String]) -> Vec<&str> {
    let mut sorted: Vec<&str> = dependencies.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    sorted.dedup();
    sorted
}

fn read_input(path: &str, max: u64) -> std::io::Result<Vec<u8>> {
    // One byte past the file-size limit is enough for the evaluation to report it; reading on
    // (`/dev/zero`, an endless pipe) would only exhaust memory.
    let mut text = Vec::new();
    if path == "-" {
        std::io::stdin().lock().take(max.saturating_add(1)).read_to_end(&mut text)?;
    } else {
        std::fs::File::open(path)?.take(max.saturating_add(1)).read_to_end(&mut text)?;
    }
    Ok(text)
}

/// Where a backend writes. llvm-tblgen builds its whole output in memory and writes it after
/// the backend succeeded (356 MB for AMDGPU's records); tdq gives the same files and the same
/// bytes on standard output without holding large ones:
/// - a regular file (or a new one) is held in memory up to [`FILE_IN_MEMORY`] bytes and then
///   written in place, as llvm-tblgen writes it (a small root's output, most of LLVM's build,
///   costs no more than llvm-tblgen's `open` and `write`); past that the output goes on into a
///   staging file beside it, which replaces the output file when the backend succeeded and is
///   removed otherwise;
/// - standard output, a pipe, a terminal or a symlink is held until the backend succeeded, as
///   llvm-tblgen holds it (a backend that fails prints nothing there, and its messages come
///   before the output on a shared stream), in memory up to [`HELD_IN_MEMORY`] bytes and past
///   that in an unnamed temporary file, then copied out;
/// - the null device is written as the backend goes: nothing of it can be seen;
/// - standard output is written as the backend goes when the backend only writes (see
///   `table_gen_main`).
enum Output {
    Held(Held),
    Streamed(Streamed),
    Null,
}

/// How much of an output held for standard output or a pipe stays in memory: enough for every
/// generated file of LLVM's build but the largest; a target's records go to a temporary file.
const HELD_IN_MEMORY: usize = 8 << 20;

/// How much of an output to a regular file stays in memory: every small root's output (an
/// option table, a directive file: 40-400 KB) is written in place at the end, as llvm-tblgen
/// writes it; a larger one goes on into a staging file, whose creation and rename (a new inode,
/// the old one freed: about 0.4 ms) are then a small part of the run, and which keeps the
/// memory of a target's records as low as streaming.
const FILE_IN_MEMORY: usize = 1 << 20;

/// Standard output written as the backend goes. A failed write ends the process as LLVM's
/// `report_fatal_error` does when it writes the output.
struct Streamed(std::io::BufWriter<std::io::Stdout>);

impl Default for Streamed {
    fn default() -> Self {
        Streamed(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()))
    }
}

impl Write for Streamed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).or_else(|e| -> std::io::Result<usize> { io_failure(&e) })
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().or_else(|e| -> std::io::Result<()> { io_failure(&e) })
    }
}

/// An output held until the backend has succeeded: bytes in memory, then (past `in_memory`,
/// when a file can be made) a file: the staging file beside a regular output file, else an
/// unnamed temporary file.
struct Held {
    bytes: Vec<u8>,
    in_memory: usize,
    /// The staging file's name, for an output to a regular file.
    staging: Option<std::path::PathBuf>,
    spilled: Option<Spilled>,
}

/// Where a held output went on once past its bytes in memory.
struct Spilled {
    file: std::io::BufWriter<std::fs::File>,
    /// Whether it is the staging file (renamed over the output), not an unnamed temporary one.
    staged: bool,
}

impl Held {
    /// For standard output, a pipe, a terminal or a symlink.
    fn for_stream() -> Held {
        Held { bytes: Vec::new(), in_memory: HELD_IN_MEMORY, staging: None, spilled: None }
    }

    /// For a regular file (or a new one) at `target`.
    fn for_file(target: &std::path::Path) -> Held {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let staging = target.with_file_name(format!(".{name}.tdq-{}.tmp", std::process::id()));
        Held { bytes: Vec::new(), in_memory: FILE_IN_MEMORY, staging: Some(staging), spilled: None }
    }

    /// Moves the bytes held so far into a file, the staging file if there is one to be made.
    /// Without any file (none can be made or written), the output stays in memory.
    fn spill(&mut self) {
        let staged = self.staging.as_ref().and_then(|path| std::fs::File::create(path).ok());
        let (file, staged) = match staged {
            Some(file) => (file, true),
            // The error about the output itself comes when it is written, as in llvm-tblgen.
            None => match tempfile::tempfile() {
                Ok(file) => (file, false),
                Err(_) => {
                    self.in_memory = usize::MAX;
                    return;
                }
            },
        };
        let mut file = std::io::BufWriter::with_capacity(1 << 16, file);
        if file.write_all(&self.bytes).is_ok() {
            self.bytes = Vec::new();
            self.spilled = Some(Spilled { file, staged });
        } else {
            drop(file);
            if staged {
                self.remove_staging();
            }
            self.in_memory = usize::MAX;
        }
    }

    fn remove_staging(&self) {
        if let Some(path) = &self.staging {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A spilled output's file, flushed and rewound to be read.
fn rewound(file: std::io::BufWriter<std::fs::File>) -> std::io::Result<std::fs::File> {
    use std::io::Seek;
    let mut file = file.into_inner().map_err(std::io::IntoInnerError::into_error)?;
    file.rewind()?;
    Ok(file)
}

impl Write for Held {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Some(spilled) = &mut self.spilled {
            return spilled.file.write(buf);
        }
        self.bytes.extend_from_slice(buf);
        if self.bytes.len() > self.in_memory {
            self.spill();
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.spilled.as_mut().map_or(Ok(()), |s| s.file.flush())
    }
}

/// Whether `file` is the null device (`/dev/null`: character device 1, 3).
fn is_null_device(metadata: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    metadata.file_type().is_char_device() && metadata.rdev() == libc::makedev(1, 3)
}

impl Output {
    fn open(output: &str) -> Output {
        if output == "-" {
            let stdout = std::io::stdout().as_fd().try_clone_to_owned().map(std::fs::File::from);
            if stdout.and_then(|f| f.metadata()).is_ok_and(|m| is_null_device(&m)) {
                return Output::Null;
            }
            return Output::Held(Held::for_stream());
        }
        let target = std::path::Path::new(output);
        // Only a regular file (or a new one) may be replaced by a rename: `/dev/null`, a pipe
        // or a symlink is written in place, as llvm-tblgen writes it.
        match std::fs::symlink_metadata(target) {
            Ok(m) if m.file_type().is_file() => Output::Held(Held::for_file(target)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Output::Held(Held::for_file(target)),
            _ if std::fs::metadata(target).is_ok_and(|m| is_null_device(&m)) => Output::Null,
            _ => Output::Held(Held::for_stream()),
        }
    }

    /// Runs the backend into this output; returns its result, the files it writes beside the
    /// output and the number of errors it reported without stopping. What it reported is
    /// printed here, whether or not it succeeds.
    fn emit(
        &mut self,
        backend: &dyn Backend,
        evaluation: &tdq_core::Evaluation,
        options: &tdq_backends::BackendOptions,
    ) -> (Result<(), BackendError>, std::collections::BTreeMap<String, Vec<u8>>, usize) {
        let mut null = std::io::sink();
        let writer: &mut dyn Write = match self {
            Output::Held(held) => held,
            Output::Streamed(streamed) => streamed,
            Output::Null => &mut null,
        };
        let mut out = tdq_backends::Output::new(writer);
        let result = backend.emit(evaluation, options, &mut out).and_then(|()| out.flush().map_err(BackendError::Io));
        if !out.diags.list.is_empty() {
            eprint!("{}", out.diags.render_all(&evaluation.sm));
        }
        (result, out.additional, out.diags.error_count())
    }

    /// Whether `path` already holds exactly this output (for --write-if-changed).
    fn same_as_file(&mut self, path: &str) -> bool {
        let old = || std::fs::File::open(path);
        let Output::Held(held) = self else {
            // Nothing was kept to compare: the null device is opened again, which changes
            // nothing. (Standard output is not streamed with --write-if-changed.)
            return false;
        };
        let Some(Spilled { file, staged }) = held.spilled.take() else {
            return std::fs::read(path).is_ok_and(|old| old == held.bytes);
        };
        // Read from its start, then written on from its end (by `commit`, or not at all).
        let Ok(file) = rewound(file) else { return false };
        let same = old().is_ok_and(|old| same_contents(&file, old));
        held.spilled = Some(Spilled { file: std::io::BufWriter::new(file), staged });
        same
    }

    fn commit(self, output: &str) -> std::io::Result<()> {
        match self {
            Output::Held(mut held) => match (held.spilled.take(), &held.staging) {
                (None, _) => write_output_file(output, &held.bytes),
                (Some(Spilled { file, staged: true }), Some(staging)) => {
                    if let Err(e) = file.into_inner().map_err(std::io::IntoInnerError::into_error) {
                        held.remove_staging();
                        io_failure(&e);
                    }
                    std::fs::rename(staging, output).inspect_err(|_| held.remove_staging())
                }
                (Some(Spilled { file, .. }), _) => match rewound(file) {
                    Ok(file) => copy_output_file(output, file),
                    Err(e) => io_failure(&e),
                },
            },
            Output::Null => write_output_file(output, &[]),
            Output::Streamed(mut streamed) => streamed.flush(),
        }
    }

    fn discard(self) {
        if let Output::Held(mut held) = self {
            if held.spilled.take().is_some_and(|s| s.staged) {
                held.remove_staging();
            }
        }
    }
}

/// Whether two files have the same bytes, read in chunks.
fn same_contents(a: &std::fs::File, b: std::fs::File) -> bool {
    use std::io::Read;
    if a.metadata().map(|m| m.len()).ok() != b.metadata().map(|m| m.len()).ok() {
        return false;
    }
    let (mut ra, mut rb) = (std::io::BufReader::new(a), std::io::BufReader::new(b));
    let (mut ba, mut bb) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let Ok(n) = ra.read(&mut ba) else { return false };
        if n == 0 {
            return rb.read(&mut bb[..1]).is_ok_and(|m| m == 0);
        }
        if rb.read_exact(&mut bb[..n]).is_err() || ba[..n] != bb[..n] {
            return false;
        }
    }
}

/// Writes `bytes` to `path`, or to stdout for `-`, as LLVM's ToolOutputFile does. Only the
/// opening's error is returned: a failure to write ends the process like LLVM's
/// `report_fatal_error`.
fn write_output_file(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    if path == "-" {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        if let Err(e) = lock.write_all(bytes).and_then(|()| lock.flush()) {
            io_failure(&e);
        }
        return Ok(());
    }
    let mut file = std::fs::File::create(path)?;
    if let Err(e) = file.write_all(bytes) {
        io_failure(&e);
    }
    Ok(())
}

/// [`write_output_file`] of what `from` holds.
fn copy_output_file(path: &str, mut from: std::fs::File) -> std::io::Result<()> {
    if path == "-" {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        if let Err(e) = std::io::copy(&mut from, &mut lock).and_then(|_| lock.flush()) {
            io_failure(&e);
        }
        return Ok(());
    }
    let mut file = std::fs::File::create(path)?;
    if let Err(e) = std::io::copy(&mut from, &mut file) {
        io_failure(&e);
    }
    Ok(())
}

/// LLVM's `report_fatal_error` on a failed write of the output.
fn io_failure(e: &std::io::Error) -> ! {
    eprintln!("LLVM ERROR: IO failure on output stream: {}", os_message(e));
    std::process::exit(FAILURE);
}

/// The end of llvm-tblgen's `report_fatal_error` when it asks for a crash report (after
/// `LLVM ERROR: message`): the request for a bug report and the program's arguments, and death
/// by `abort()` (a crash, as `not --crash` in LLVM's tests expects). llvm-tblgen's stack frames
/// come with the report; tdq has none to give.
fn crash_report(dialect: &tdq_core::release::Dialect) -> ! {
    let arguments: Vec<String> = std::env::args().collect();
    let include = if dialect.crash_report_asks_for_instructions {
        "the crash backtrace and instructions to reproduce the bug"
    } else {
        "the crash backtrace"
    };
    eprintln!("PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include {include}.");
    eprintln!("Stack dump:\n0.\tProgram arguments: {}", arguments.join(" "));
    std::process::abort()
}

/// llvm-tblgen dies of SIGPIPE when its reader goes away (`| head`); Rust ignores the signal
/// and would report an error instead.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use super::additional_file_name;

    #[test]
    fn additional_files_are_named_from_the_output() {
        assert_eq!(additional_file_name("lib/X86GenRegisterInfo.inc", "Enums.inc"), "lib/X86GenRegisterInfoEnums.inc");
        assert_eq!(additional_file_name("out", "Enums.inc"), "outEnums.inc");
        assert_eq!(additional_file_name("a.b/out", "MCDesc.inc"), "a.b/outMCDesc.inc");
        assert_eq!(additional_file_name("-", "Enums.inc"), "-");
    }
}
