//! `-gen-diag-docs`: clang's DiagnosticsReference.rst (`EmitClangDiagDocs`): the introduction
//! of `GlobalDocumentation`, then a section per diagnostic group in name order (`-Wname`, or
//! `-Rname` for a group of remarks): whether it is on by default, the groups it controls, the
//! text of each of its diagnostics as reStructuredText tables, and its documentation.

use crate::common::std_sort::std_sort_by;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeSet, HashSet};
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::clang::diag_text::DiagTextBuilder;
use tdq_models::clang::diagnostics::{memory_order, DiagnosticGroups};
use tdq_models::{Fatal, Fields};

pub struct GenDiagDocs;

impl Backend for GenDiagDocs {
    fn name(&self) -> &'static str {
        "gen-diag-docs"
    }
    fn help(&self) -> &'static str {
        "Generate diagnostic documentation"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let fields = Fields { input };
        let Some(documentation) = input.records.def("GlobalDocumentation") else {
            return Err(BackendError::fatal(
                &[],
                "The Documentation top-level definition is missing, no documentation will be generated.",
            ));
        };
        let mut text: Vec<u8> = Vec::new();
        text.extend_from_slice(fields.string(documentation, "Intro")?.as_bytes());
        text.push(b'\n');
        let builder = DiagTextBuilder::new(input, options.release)?;
        let mut sorted = all_derived_definitions(input, "DiagGroup")?;
        let names = sorted.iter().map(|&g| fields.string(g, "GroupName")).collect::<Result<Vec<_>, _>>()?;
        let mut keyed: Vec<(&str, RecId)> = names.into_iter().zip(sorted.iter().copied()).collect();
        std_sort_by(&mut keyed, |a, b| a.0 < b.0);
        sorted = keyed.into_iter().map(|(_, g)| g).collect();
        let mut groups = DiagnosticGroups::with_group_order(input, sorted.clone(), &mut out.diags)?;
        // -Wpedantic's implicit members join its own, in the order of their locations in
        // clang-tblgen's memory.
        let pedantic = groups.pedantic()?;
        let (mut implicit_diags, mut implicit_groups) = (pedantic.diags, pedantic.groups);
        implicit_diags.sort_by_key(|&rec| memory_order(input, rec));
        implicit_groups.sort_by_key(|&rec| memory_order(input, rec));
        let implicit_names =
            implicit_groups.iter().map(|&g| fields.string(g, "GroupName")).collect::<Result<Vec<_>, _>>()?;
        let entry = groups.by_name.entry("pedantic").or_default();
        entry.diags.extend(implicit_diags);
        entry.subgroups.extend(implicit_names);

        for &group in &sorted {
            let name = fields.string(group, "GroupName")?;
            let is_remark = is_remark_group(input, &groups, group, name)?;
            let info = groups.by_name.get_mut(name).expect("every DiagGroup is grouped");
            let synonym = info.diags.is_empty() && info.subgroups.len() == 1;
            let flag = if is_remark { "-R" } else { "-W" };
            let header = format!("{flag}{name}");
            text.extend_from_slice(header.as_bytes());
            text.push(b'\n');
            text.extend(std::iter::repeat_n(b'-', header.len()));
            text.push(b'\n');
            let info = &groups.by_name[name];
            if !synonym {
                let severities = default_severities(input, &groups, name)?;
                if !severities.is_empty() && !severities.contains("Ignored") {
                    if !severities.contains("Warning") && !severities.contains("Remark") {
                        text.extend_from_slice(
                            format!(
                                "This diagnostic is an error by default, but the flag ``-Wno-{name}`` can be used to disable the error.\n\n"
                            )
                            .as_bytes(),
                        );
                    } else {
                        text.extend_from_slice(b"This diagnostic is enabled by default.\n\n");
                    }
                } else if severities.len() > 1 {
                    text.extend_from_slice(
                        b"Some of the diagnostics controlled by this flag are enabled by default.\n\n",
                    );
                }
            }
            if !info.subgroups.is_empty() {
                text.extend_from_slice(if synonym {
                    b"Synonym for ".as_slice()
                } else if info.diags.is_empty() {
                    b"Controls "
                } else {
                    b"Also controls "
                });
                let mut subgroups = info.subgroups.clone();
                subgroups.sort_unstable();
                let list: Vec<String> = subgroups.iter().map(|sub| format!("`{flag}{sub}`_")).collect();
                text.extend_from_slice(list.join(", ").as_bytes());
                text.extend_from_slice(b".\n\n");
                groups.by_name.get_mut(name).expect("grouped").subgroups = subgroups;
            }
            let info = &groups.by_name[name];
            if !info.diags.is_empty() {
                text.extend_from_slice(b"**Diagnostic text:**\n\n");
                for &diag in &info.diags {
                    let mut severity = fields.string(fields.def(diag, "DefaultSeverity")?, "Name")?.to_string();
                    if let Some(first) = severity.get_mut(..1) {
                        first.make_ascii_lowercase();
                    }
                    if severity == "ignored" {
                        severity = if is_remark { "remark" } else { "warning" }.to_string();
                    }
                    if fields.string(diag, "Summary")? == "%0" {
                        text.extend_from_slice(b"The text of this diagnostic is not controlled by Clang.\n\n");
                    } else {
                        for line in builder.for_documentation(&severity, diag)? {
                            text.extend_from_slice(&line);
                            text.push(b'\n');
                        }
                        text.push(b'\n');
                    }
                }
            }
            let doc = fields.string(group, "Documentation")?;
            if !doc.is_empty() {
                text.extend_from_slice(doc.as_bytes());
            } else if info.subgroups.is_empty() && info.diags.is_empty() {
                text.extend_from_slice(
                    b"This diagnostic flag exists for GCC compatibility, and has no effect in Clang.\n",
                );
            }
            text.push(b'\n');
        }
        out.write_all(&text)?;
        Ok(())
    }
}

/// The group names under `name`, itself included, each once.
fn closure<'g>(groups: &'g DiagnosticGroups, name: &'g str) -> Vec<&'g str> {
    let mut seen = HashSet::new();
    let mut stack = vec![name];
    let mut order = Vec::new();
    while let Some(next) = stack.pop() {
        if !seen.insert(next) {
            continue;
        }
        order.push(next);
        if let Some(info) = groups.info(next) {
            stack.extend(info.subgroups.iter().copied());
        }
    }
    order
}

/// `isRemarkGroup`: whether the group's diagnostics (its subgroups' included) are remarks; a
/// group mixing remarks with others is fatal.
fn is_remark_group(input: &Evaluation, groups: &DiagnosticGroups, group: RecId, name: &str) -> Result<bool, Fatal> {
    let fields = Fields { input };
    let (mut remarks, mut others) = (false, false);
    for member in closure(groups, name) {
        for &diag in groups.info(member).map_or(&[][..], |i| i.diags.as_slice()) {
            if input.records.get(fields.def(diag, "Class")?).name_string() == "CLASS_REMARK" {
                remarks = true;
            } else {
                others = true;
            }
        }
    }
    if remarks && others {
        return Err(Fatal::new(
            &input.records.get(group).locs,
            "Diagnostic group contains both remark and non-remark diagnostics",
        ));
    }
    Ok(remarks)
}

/// `getDefaultSeverities`: the default severities of the group's diagnostics, its subgroups'
/// included.
fn default_severities(
    input: &Evaluation,
    groups: &DiagnosticGroups,
    name: &str,
) -> Result<BTreeSet<&'static str>, Fatal> {
    let fields = Fields { input };
    let mut severities = BTreeSet::new();
    for member in closure(groups, name) {
        for &diag in groups.info(member).map_or(&[][..], |i| i.diags.as_slice()) {
            severities.insert(fields.string(fields.def(diag, "DefaultSeverity")?, "Name")?);
        }
    }
    Ok(severities)
}
