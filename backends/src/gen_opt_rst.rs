//! `--gen-opt-rst`: an option table (`Option`/`OptionGroup` records) as a reStructuredText man
//! page section (LLVM's OptRSTEmitter.cpp, OptionRSTEmitter.cpp since LLVM 22): one heading
//! per group, in the group names' `StringMap` order, and under it the group's options in
//! option-table order with their meta-variable and help text.

use crate::common::emit::write_escaped;
use crate::common::records::Fields;
use crate::common::string_map::string_map_order;
use crate::gen_opt_parser_defs::sort_option_records;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{Evaluation, Release};

pub struct GenOptRst;

impl Backend for GenOptRst {
    fn name(&self) -> &'static str {
        "gen-opt-rst"
    }
    fn help(&self) -> &'static str {
        "Generate option RST"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let s = emit(&Fields { input }, options.release)?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// The group an option is listed under: its `Group`'s `Name`, or `options` when it has none.
fn group_of(f: &Fields, opt: RecId) -> Result<&'static str> {
    match f.init(opt, "Group")?.as_def() {
        Some(group) => Ok(f.string(group, "Name")?),
        None => Ok("options"),
    }
}

fn emit(f: &Fields, release: Release) -> Result<String> {
    let mut opts = all_derived_definitions(f.input, "Option")?;
    sort_option_records(f, &mut opts)?;
    // Every group's name is a key, listed or not; then the groups options name, in the order
    // the options first name them.
    let mut keys = Vec::new();
    for group in all_derived_definitions(f.input, "OptionGroup")? {
        keys.push(f.string(group, "Name")?);
    }
    let mut members: HashMap<&str, Vec<RecId>> = HashMap::new();
    for &opt in &opts {
        let group = group_of(f, opt)?;
        keys.push(group);
        members.entry(group).or_default().push(opt);
    }
    let mut s = String::new();
    for group in string_map_order(release, keys) {
        let heading = group.to_ascii_uppercase();
        s.push_str(&heading);
        s.push('\n');
        s.push_str(&"-".repeat(heading.len()));
        s.push_str("\n\n");
        for &opt in members.get(group).map(Vec::as_slice).unwrap_or_default() {
            option(f, opt, &mut s)?;
        }
    }
    Ok(s)
}

/// One `.. option::` entry: the first prefix, the name, `=META` and the help text, which ends
/// in a period and lists the allowed `Values`.
fn option(f: &Fields, opt: RecId, s: &mut String) -> Result<()> {
    s.push_str(".. option:: ");
    if let Some(prefix) = f.strings(opt, "Prefixes")?.first() {
        s.push_str(prefix);
    }
    s.push_str(f.string(opt, "Name")?);
    let has_values = !f.is_unset(opt, "Values")?;
    let meta = if !f.is_unset(opt, "MetaVarName")? {
        f.string(opt, "MetaVarName")?
    } else if has_values {
        "<value>"
    } else {
        ""
    };
    if !meta.is_empty() {
        s.push('=');
        write_escaped(s, meta.as_bytes());
    }
    s.push_str("\n\n");

    let mut help = String::new();
    if !f.is_unset(opt, "HelpText")? {
        help.push_str(f.string(opt, "HelpText")?.trim_matches(|c| " \t\n\x0b\x0c\r".contains(c)));
        if !help.is_empty() && !help.ends_with('.') {
            help.push('.');
        }
    }
    if has_values {
        let values: Vec<&str> = f.string(opt, "Values")?.split(',').filter(|v| !v.is_empty()).collect();
        help.push_str(&format!(" {meta} must be '"));
        if let Some((last, rest)) = values.split_last() {
            if !rest.is_empty() {
                help.push_str(&rest.join("', '"));
                help.push_str("' or '");
            }
            help.push_str(last);
        }
        help.push_str("'.");
    }
    if !help.is_empty() {
        s.push(' ');
        write_escaped(s, help.as_bytes());
        s.push_str("\n\n");
    }
    Ok(())
}
