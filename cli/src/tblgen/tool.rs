//! Which TableGen program the driver stands in for: llvm-tblgen or clang-tblgen. Both are LLVM's
//! `TableGenMain` with the same front end and options; what differs (the actions and their
//! backends, the options only one has, the name in `--version`) is answered here, one method a
//! question, so that the driver and the option table never ask which tool they are.

use super::{clang_actions, options};
use crate::cl::OptSpec;
use tdq_backends::{AnyOption, Backend, BackendOption};
use tdq_core::Release;

/// A TableGen program of LLVM's that `tdq` can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// llvm-tblgen (`tdq tblgen`): LLVM's own backends.
    LlvmTblgen,
    /// clang-tblgen (`tdq clang-tblgen`): clang's backends (clang/utils/TableGen).
    ClangTblgen,
}

impl Tool {
    /// The program's name, as LLVM's build and its messages spell it.
    pub fn name(self) -> &'static str {
        match self {
            Tool::LlvmTblgen => "llvm-tblgen",
            Tool::ClangTblgen => "clang-tblgen",
        }
    }

    /// The `tdq` subcommand that runs it.
    pub fn subcommand(self) -> &'static str {
        match self {
            Tool::LlvmTblgen => "tblgen",
            Tool::ClangTblgen => "clang-tblgen",
        }
    }

    /// The tool `argv[0]`'s file name makes tdq (installed or linked as `llvm-tblgen` or
    /// `clang-tblgen`, with a version suffix or not).
    pub fn from_program_name(file_name: &str) -> Option<Tool> {
        [Tool::LlvmTblgen, Tool::ClangTblgen].into_iter().find(|tool| file_name.starts_with(tool.name()))
    }

    /// The backends tdq has for this tool; the first is the default action.
    pub fn backends(self) -> &'static [&'static dyn Backend] {
        match self {
            Tool::LlvmTblgen => tdq_backends::BACKENDS,
            Tool::ClangTblgen => tdq_backends::clang::BACKENDS,
        }
    }

    /// The backend of the action `name` (without dashes), if tdq has it.
    pub fn backend(self, name: &str) -> Option<&'static dyn Backend> {
        self.backends().iter().copied().find(|b| b.name() == name)
    }

    /// The values of "Action to perform:" in `release`, in its `--help` order: the tool's
    /// own, then tdq's backends that the tool lacks.
    pub fn actions(self, release: Release) -> Vec<(&'static str, &'static str)> {
        let mut actions = match self {
            Tool::LlvmTblgen => options::llvm_actions(release),
            Tool::ClangTblgen => clang_actions::actions(release),
        };
        let known = |name: &str| match self {
            Tool::LlvmTblgen => options::is_llvm_action(name),
            Tool::ClangTblgen => clang_actions::is_action(name),
        };
        actions.extend(self.backends().iter().filter(|b| !known(b.name())).map(|b| (b.name(), b.help())));
        actions
    }

    /// The options whose values reach the backends (`BackendOptions::values`): those the
    /// backends declare, and clang-tblgen's `-clang-component`.
    pub fn backend_options(self) -> Vec<BackendOption> {
        match self {
            Tool::LlvmTblgen => {
                // An option several backends read (`-gisel-extended-llt`) is declared once.
                let mut seen = std::collections::HashSet::new();
                self.backends()
                    .iter()
                    .flat_map(|b| b.options().iter().map(|o| o.declaration()))
                    .filter(|o| seen.insert(o.name))
                    .collect()
            }
            Tool::ClangTblgen => vec![tdq_backends::clang::CLANG_COMPONENT.declaration()],
        }
    }

    /// The options only this tool has in `release`, as its command line declares them.
    pub fn own_options(self, release: Release, backend_options: &[BackendOption]) -> Vec<OptSpec> {
        match self {
            Tool::LlvmTblgen => options::llvm_backend_options(release, backend_options),
            // TableGen.cpp declares it cl::Hidden, in the general category.
            Tool::ClangTblgen => backend_options.iter().map(|o| options::backend_opt(o).hidden()).collect(),
        }
    }

    /// Whether `release`'s tool has `--long-string-literals`: llvm-tblgen always had it;
    /// clang-tblgen links it only since it moved into the TableGen library (LLVM 20).
    pub fn has_long_string_literals(self, release: Release) -> bool {
        match self {
            Tool::LlvmTblgen => true,
            Tool::ClangTblgen => match release {
                Release::V19 => false,
                Release::V22 | Release::V23 => true,
            },
        }
    }
}
