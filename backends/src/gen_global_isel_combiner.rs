//! `--gen-global-isel-combiner`: the GlobalISel combiners `-combiners=` names, each rule
//! parsed and checked (tdq_models::global_isel), then matched by the shared match table
//! (LLVM's GlobalISelCombinerEmitter.cpp). With `-gicombiner-stop-after-parse`, the parsed
//! rules are dumped instead.
//!
//! The match table is not written yet: a combiner whose rules all parse is refused with an
//! error rather than given a wrong table.

use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Diagnostics, Evaluation, Loc, Release};
use tdq_models::global_isel::parser::Parser;
use tdq_models::global_isel::rule::{CombineRule, RuleOptions};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenGlobalIselCombiner;

const CATEGORY: &str = "Options for -gen-global-isel-combiner";

/// `-combiners=`: the combiners to write, comma-separated (`cl::list`, `cl::CommaSeparated`).
pub static COMBINERS: Opt<&str> = Opt {
    name: "combiners",
    help: "Emit the specified combiners",
    value_desc: "",
    category: CATEGORY,
    default: "",
    since: Release::V19,
};

/// `-gicombiner-stop-after-parse`.
pub static STOP_AFTER_PARSE: Opt<bool> = Opt {
    name: "gicombiner-stop-after-parse",
    help: "Stop processing after parsing rules and dump state",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-gicombiner-debug-cxxpreds`.
pub static DEBUG_CXX_PREDS: Opt<bool> = Opt {
    name: "gicombiner-debug-cxxpreds",
    help: "Add Contextual/Debug comments to all C++ predicates",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

/// `-gicombiner-debug-typeinfer`.
pub static DEBUG_TYPE_INFER: Opt<bool> = Opt {
    name: "gicombiner-debug-typeinfer",
    help: "Print type inference debug logs",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V19,
};

type Result<T> = std::result::Result<T, BackendError>;

impl Backend for GenGlobalIselCombiner {
    fn name(&self) -> &'static str {
        "gen-global-isel-combiner"
    }
    fn help(&self) -> &'static str {
        "Generate GlobalISel Combiner"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 4] = [&COMBINERS, &DEBUG_CXX_PREDS, &DEBUG_TYPE_INFER, &STOP_AFTER_PARSE];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        Target::get(input)?;
        let selected = options.get(&COMBINERS);
        if !options.is_given(&COMBINERS) {
            return Err(Fatal::new(&[], "No combiners selected with -combiners").into());
        }
        let instructions = Instructions::get(input)?;
        let mut parser = Parser::new(input, &instructions);
        let mut diags = Diagnostics::new();
        let mut text = String::new();
        for name in selected.split(',') {
            let Some(combiner) = input.records.def(name) else {
                return Err(Fatal::new(&[], format!("Could not find {name}")).into());
            };
            let result = run(input, options, &mut parser, combiner, &mut diags, &mut text);
            if let Err(e) = result {
                return Err(with_earlier(diags, e));
            }
        }
        out.write_all(text.as_bytes())?;
        out.diags.list.extend(diags.list);
        Ok(())
    }
}

/// A fatal error after the diagnostics printed before it.
fn with_earlier(mut earlier: Diagnostics, error: BackendError) -> BackendError {
    match error {
        BackendError::Fatal(d) => {
            for diag in d.list {
                earlier.push(diag);
            }
            BackendError::Fatal(earlier)
        }
        io => io,
    }
}

/// One combiner (`GICombinerEmitter::run`).
fn run(
    input: &Evaluation,
    options: &BackendOptions,
    parser: &mut Parser,
    combiner: RecId,
    diags: &mut Diagnostics,
    text: &mut String,
) -> Result<()> {
    let f = Fields { input };
    let rule_options = RuleOptions { debug_type_infer: options.get(&DEBUG_TYPE_INFER) };
    let stop_after_parse = options.get(&STOP_AFTER_PARSE);
    let mut gather = Gather { seen: Vec::new(), next_id: 0, rules: Vec::new() };
    gather.rules_of(input, parser, &f.defs(combiner, "Rules")?, rule_options, stop_after_parse, diags, text)?;
    let locs: Vec<Loc> = input.records.get(combiner).locs.to_vec();
    let failed = diags.error_count() > 0;
    // A rule that parsed is matched next, which may report errors of its own.
    if failed && (stop_after_parse || gather.rules.is_empty()) {
        let mut d = std::mem::take(diags);
        d.error_at(&locs, "Failed to parse one or more rules");
        return Err(BackendError::Fatal(d));
    }
    if stop_after_parse {
        return Ok(());
    }
    let message = "tdq does not write the match table of --gen-global-isel-combiner yet";
    Err(Fatal::new(&locs, message).into())
}

/// `gatherRules`: the rules of a combiner, groups flattened, each parsed once.
struct Gather {
    /// The names of the rules seen.
    seen: Vec<&'static str>,
    next_id: u32,
    rules: Vec<CombineRule>,
}

impl Gather {
    #[allow(clippy::too_many_arguments)]
    fn rules_of(
        &mut self,
        input: &Evaluation,
        parser: &mut Parser,
        rules: &[RecId],
        options: RuleOptions,
        stop_after_parse: bool,
        diags: &mut Diagnostics,
        text: &mut String,
    ) -> Result<()> {
        let f = Fields { input };
        for &rec in rules {
            if !f.is_unset(rec, "Rules")? {
                self.rules_of(input, parser, &f.defs(rec, "Rules")?, options, stop_after_parse, diags, text)?;
                continue;
            }
            let name = f.name(rec);
            if self.seen.contains(&name) {
                diags.warning_at(
                    &input.records.get(rec).locs,
                    format!("skipping rule '{name}' because it has already been processed"),
                );
                continue;
            }
            self.seen.push(name);
            let id = self.next_id;
            self.next_id += 1;
            let Some(rule) = CombineRule::parse(parser, rec, id, options, diags)? else {
                continue;
            };
            if stop_after_parse {
                rule.print(&parser.frags, text);
                continue;
            }
            self.rules.push(rule);
        }
        Ok(())
    }
}
