//! `-gen-clang-sa-checkers` (`Checkers.inc`): the static analyzer's packages, checkers, their
//! options and dependencies, as X-macros, each by its full dotted name.

use crate::common::emit::write_escaped;
use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::records::{derived_definitions, int_value, Fatal};
use tdq_models::Fields;

pub struct GenClangSaCheckers;

/// `getParentPackageFullName`: the full name of the package a record's `ParentPackage` holds,
/// empty when it holds none.
fn parent_full_name(f: Fields, rec: RecId, sep: &str) -> Result<String, Fatal> {
    // Each step goes one package up; more steps than defs is a cycle, on which clang-tblgen
    // recurses until it crashes.
    let mut names = Vec::new();
    let mut current = f.init(rec, "ParentPackage")?.as_def();
    while let Some(package) = current {
        if names.len() > f.input.records.defs.len() {
            let message = "the ParentPackages of this record form a cycle";
            return Err(Fatal::new(&f.input.records.get(rec).locs, message));
        }
        names.push(f.string(package, "PackageName")?);
        current = f.init(package, "ParentPackage")?.as_def();
    }
    names.reverse();
    Ok(names.join(sep))
}

/// `getPackageFullName` (`field` `PackageName`) and `getCheckerFullName` (`CheckerName`).
fn full_name(f: Fields, rec: RecId, field: &str, sep: &str) -> Result<String, Fatal> {
    let mut name = parent_full_name(f, rec, sep)?;
    if !name.is_empty() {
        name.push_str(sep);
    }
    name.push_str(f.string(rec, field)?);
    Ok(name)
}

fn checker_name(f: Fields, rec: RecId) -> Result<String, Fatal> {
    full_name(f, rec, "CheckerName", ".")
}

/// `getStringValue`: a string field, empty when it holds no string.
fn string_value(f: Fields, rec: RecId, field: &str) -> Result<&'static str, Fatal> {
    Ok(f.init(rec, field)?.as_str().unwrap_or(""))
}

/// `getValueFromBitsInit`: the value of a `bits` field, every bit set.
fn bits_value(f: Fields, rec: RecId, field: &str) -> Result<i64, Fatal> {
    f.bits(rec, field)?;
    match int_value(f.init(rec, field)?) {
        Some(value) => Ok(value),
        None => {
            let message = format!("missing Documentation for {}", checker_name(f, rec)?);
            Err(Fatal::new(&f.input.records.get(rec).locs, message))
        }
    }
}

/// `getCheckerDocs`: the checker's documentation address, empty when it has none.
fn docs(f: Fields, rec: RecId) -> Result<String, Fatal> {
    if bits_value(f, rec, "Documentation")? == 0 {
        return Ok(String::new());
    }
    let name = full_name(f, rec, "CheckerName", "-")?.to_ascii_lowercase();
    Ok(format!("https://clang.llvm.org/docs/analyzer/checkers.html#{name}"))
}

/// `isHidden`: hidden, or in a hidden package.
fn is_hidden(f: Fields, rec: RecId) -> Result<bool, Fatal> {
    let mut current = Some(rec);
    let mut steps = 0;
    while let Some(r) = current {
        if f.bit(r, "Hidden")? {
            return Ok(true);
        }
        steps += 1;
        if steps > f.input.records.defs.len() {
            return Err(Fatal::new(&f.input.records.get(rec).locs, "the ParentPackages of this record form a cycle"));
        }
        current = f.init(r, "ParentPackage")?.as_def();
    }
    Ok(false)
}

fn escaped(s: &mut String, text: &str) {
    write_escaped(s, text.as_bytes());
}

/// `printOption`: an option's arguments, of a package's or checker's `full_name`.
fn option(f: Fields, full_name: &str, rec: RecId, s: &mut String) -> Result<(), Fatal> {
    let unparsable = || -> Result<Fatal, Fatal> {
        let message = format!("unable to parse command line option type for {}", checker_name(f, rec)?);
        Ok(Fatal::new(&f.input.records.get(rec).locs, message))
    };
    let option_type = match bits_value(f, rec, "Type")? {
        0 => "int",
        1 => "string",
        2 => "bool",
        _ => return Err(unparsable()?),
    };
    s.push('"');
    escaped(s, option_type);
    s.push_str("\", \"");
    escaped(s, full_name);
    s.push_str("\", \"");
    s.push_str(string_value(f, rec, "CmdFlag")?);
    s.push_str("\", \"");
    escaped(s, string_value(f, rec, "Desc")?);
    s.push_str("\", \"");
    escaped(s, string_value(f, rec, "DefaultVal")?);
    s.push_str("\", \"");
    let stage = match bits_value(f, rec, "DevelopmentStage")? {
        0 => "alpha",
        1 => "released",
        _ => return Err(unparsable()?),
    };
    s.push_str(stage);
    s.push_str("\", ");
    s.push_str(if f.bit(rec, "Hidden")? { "true" } else { "false" });
    Ok(())
}

/// The `CHECKER_DEPENDENCY` or `CHECKER_WEAK_DEPENDENCY` lines of each checker's `field`.
fn dependencies(f: Fields, checkers: &[RecId], field: &str, macro_name: &str, s: &mut String) -> Result<(), Fatal> {
    for &checker in checkers {
        if f.is_unset(checker, field)? {
            continue;
        }
        for dependency in f.defs(checker, field)? {
            s.push_str(macro_name);
            s.push_str("(\"");
            escaped(s, &checker_name(f, checker)?);
            s.push_str("\", \"");
            escaped(s, &checker_name(f, dependency)?);
            s.push_str("\")\n");
        }
    }
    Ok(())
}

impl Backend for GenClangSaCheckers {
    fn name(&self) -> &'static str {
        "gen-clang-sa-checkers"
    }
    fn help(&self) -> &'static str {
        "Generate Clang Static Analyzer checkers"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let checkers = derived_definitions(input, "Checker")?;
        let packages = derived_definitions(input, "Package")?;
        let mut s = String::from("// This file is automatically generated. Do not edit this file by hand.\n");

        s.push_str("\n#ifdef GET_PACKAGES\n");
        let mut by_name: HashMap<String, RecId> = HashMap::new();
        let mut names = Vec::new();
        for &package in packages.iter() {
            let name = full_name(f, package, "PackageName", ".")?;
            by_name.insert(name.clone(), package);
            names.push(name);
        }
        for name in string_map_order(options.release, names.iter().map(String::as_str)) {
            s.push_str("PACKAGE(\"");
            escaped(&mut s, &full_name(f, by_name[name], "PackageName", ".")?);
            s.push_str("\")\n");
        }
        s.push_str("#endif // GET_PACKAGES\n\n");

        s.push_str("\n#ifdef GET_PACKAGE_OPTIONS\n");
        for &package in packages.iter() {
            if f.is_unset(package, "PackageOptions")? {
                continue;
            }
            for opt in f.defs(package, "PackageOptions")? {
                s.push_str("PACKAGE_OPTION(");
                option(f, &full_name(f, package, "PackageName", ".")?, opt, &mut s)?;
                s.push_str(")\n");
            }
        }
        s.push_str("#endif // GET_PACKAGE_OPTIONS\n\n");

        s.push_str("\n#ifdef GET_CHECKERS\n\n");
        for &checker in checkers.iter() {
            s.push_str("CHECKER(\"");
            escaped(&mut s, &checker_name(f, checker)?);
            s.push_str("\", ");
            s.push_str(f.name(checker));
            s.push_str(", \"");
            escaped(&mut s, string_value(f, checker, "HelpText")?);
            s.push_str("\", \"");
            escaped(&mut s, &docs(f, checker)?);
            s.push_str("\", ");
            s.push_str(if is_hidden(f, checker)? { "true" } else { "false" });
            s.push_str(")\n");
        }
        s.push_str("\n#endif // GET_CHECKERS\n\n");

        s.push_str("\n#ifdef GET_CHECKER_DEPENDENCIES\n");
        dependencies(f, &checkers, "Dependencies", "CHECKER_DEPENDENCY", &mut s)?;
        s.push_str("\n#endif // GET_CHECKER_DEPENDENCIES\n");
        s.push_str("\n#ifdef GET_CHECKER_WEAK_DEPENDENCIES\n");
        dependencies(f, &checkers, "WeakDependencies", "CHECKER_WEAK_DEPENDENCY", &mut s)?;
        s.push_str("\n#endif // GET_CHECKER_WEAK_DEPENDENCIES\n");

        s.push_str("\n#ifdef GET_CHECKER_OPTIONS\n");
        for &checker in checkers.iter() {
            if f.is_unset(checker, "CheckerOptions")? {
                continue;
            }
            for opt in f.defs(checker, "CheckerOptions")? {
                s.push_str("CHECKER_OPTION(");
                option(f, &checker_name(f, checker)?, opt, &mut s)?;
                s.push_str(")\n");
            }
        }
        s.push_str("#endif // GET_CHECKER_OPTIONS\n\n");
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
