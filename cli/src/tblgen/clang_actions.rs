//! clang-tblgen's "Action to perform:" of each release, as clang/utils/TableGen/TableGen.cpp
//! declares them (its `--help` order). tdq accepts those of the chosen release; those without
//! a backend in `tdq_backends::clang::BACKENDS` are refused after parsing, never ignored.

use std::ops::RangeInclusive;
use tdq_core::Release::{self, V19, V22, V23};

/// The releases an action exists in.
type Releases = RangeInclusive<Release>;
const EVERY: Releases = V19..=Release::NEWEST;
const FROM_22: Releases = V22..=Release::NEWEST;
const FROM_23: Releases = V23..=Release::NEWEST;

/// Every action of clang-tblgen in any release tdq matches: the releases that have it, its
/// name and its help. No release so far removed or reworded one.
const ACTIONS: &[(Releases, &str, &str)] = &[
    (EVERY, "print-records", "Print all records to stdout (default)"),
    (EVERY, "dump-json", "Dump all records as machine-readable JSON"),
    (FROM_22, "gen-cir-lowering", "Generate CIR operation lowering patterns"),
    (EVERY, "gen-clang-attr-classes", "Generate clang attribute clases"),
    (EVERY, "gen-clang-attr-parser-string-switches", "Generate all parser-related attribute string switches"),
    (
        EVERY,
        "gen-clang-attr-subject-match-rules-parser-string-switches",
        "Generate all parser-related attribute subject match rulestring switches",
    ),
    (EVERY, "gen-clang-attr-impl", "Generate clang attribute implementations"),
    (EVERY, "gen-clang-attr-list", "Generate a clang attribute list"),
    (EVERY, "gen-clang-attr-doc-table", "Generate a table of attribute documentation"),
    (EVERY, "gen-clang-attr-subject-match-rule-list", "Generate a clang attribute subject match rule list"),
    (EVERY, "gen-clang-attr-pch-read", "Generate clang PCH attribute reader"),
    (EVERY, "gen-clang-attr-pch-write", "Generate clang PCH attribute writer"),
    (
        EVERY,
        "gen-clang-regular-keyword-attr-info",
        "Generate a list of regular keyword attributes with info about their arguments",
    ),
    (EVERY, "gen-clang-attr-has-attribute-impl", "Generate a clang attribute spelling list"),
    (EVERY, "gen-clang-attr-spelling-index", "Generate a clang attribute spelling index"),
    (EVERY, "gen-clang-attr-ast-visitor", "Generate a recursive AST visitor for clang attributes"),
    (EVERY, "gen-clang-attr-template-instantiate", "Generate a clang template instantiate code"),
    (EVERY, "gen-clang-attr-parsed-attr-list", "Generate a clang parsed attribute list"),
    (EVERY, "gen-clang-attr-parsed-attr-impl", "Generate the clang parsed attribute helpers"),
    (EVERY, "gen-clang-attr-parsed-attr-kinds", "Generate a clang parsed attribute kinds"),
    (FROM_22, "gen-clang-attr-is-type-dependent", "Generate clang is type dependent attribute code"),
    (EVERY, "gen-clang-attr-text-node-dump", "Generate clang attribute text node dumper"),
    (EVERY, "gen-clang-attr-node-traverse", "Generate clang attribute traverser"),
    (FROM_23, "gen-clang-attr-undocumented-list", "Generate a list of undocumented attributes"),
    (EVERY, "gen-clang-builtins", "Generate clang builtins list"),
    (FROM_22, "gen-clang-builtin-templates", "Generate clang builtins list"),
    (FROM_22, "gen-clang-diags-compat-ids", "Generate Clang diagnostic compatibility ids"),
    (EVERY, "gen-clang-diags-defs", "Generate Clang diagnostics definitions"),
    (FROM_22, "gen-clang-diags-enums", "Generate Clang diagnostic enums for selects"),
    (EVERY, "gen-clang-diag-groups", "Generate Clang diagnostic groups"),
    (EVERY, "gen-clang-diags-index-name", "Generate Clang diagnostic name index"),
    (FROM_23, "gen-clang-diags-stable-ids", "Generate Clang diagnostic stable IDs"),
    (FROM_22, "gen-clang-diags-iface", "Generate Clang diagnostic interface headers"),
    (EVERY, "gen-clang-basic-reader", "Generate Clang BasicReader classes"),
    (EVERY, "gen-clang-basic-writer", "Generate Clang BasicWriter classes"),
    (EVERY, "gen-clang-comment-nodes", "Generate Clang AST comment nodes"),
    (EVERY, "gen-clang-decl-nodes", "Generate Clang AST declaration nodes"),
    (EVERY, "gen-clang-stmt-nodes", "Generate Clang AST statement nodes"),
    (EVERY, "gen-clang-type-nodes", "Generate Clang AST type nodes"),
    (EVERY, "gen-clang-type-reader", "Generate Clang AbstractTypeReader class"),
    (EVERY, "gen-clang-type-writer", "Generate Clang AbstractTypeWriter class"),
    (EVERY, "gen-clang-opcodes", "Generate Clang constexpr interpreter opcodes"),
    (EVERY, "gen-clang-sa-checkers", "Generate Clang Static Analyzer checkers"),
    (EVERY, "gen-clang-syntax-node-list", "Generate list of Clang Syntax Tree node types"),
    (EVERY, "gen-clang-syntax-node-classes", "Generate definitions of Clang Syntax Tree node clasess"),
    (
        EVERY,
        "gen-clang-comment-html-tags",
        "Generate efficient matchers for HTML tag names that are used in documentation comments",
    ),
    (EVERY, "gen-clang-comment-html-tags-properties", "Generate efficient matchers for HTML tag properties"),
    (
        EVERY,
        "gen-clang-comment-html-named-character-references",
        "Generate function to translate named character references to UTF-8 sequences",
    ),
    (
        EVERY,
        "gen-clang-comment-command-info",
        "Generate command properties for commands that are used in documentation comments",
    ),
    (EVERY, "gen-clang-comment-command-list", "Generate list of commands that are used in documentation comments"),
    (EVERY, "gen-clang-opencl-builtins", "Generate OpenCL builtin declaration handlers"),
    (EVERY, "gen-clang-opencl-builtin-header", "Generate OpenCL builtin header"),
    (EVERY, "gen-clang-opencl-builtin-tests", "Generate OpenCL builtin declaration tests"),
    (FROM_22, "gen-cxx11-attribute-info", "Generate CXX11 attributes info"),
    (FROM_22, "gen-attribute-spelling-list", "Generate attribute spelling list"),
    (EVERY, "gen-arm-neon", "Generate arm_neon.h for clang"),
    (EVERY, "gen-arm-fp16", "Generate arm_fp16.h for clang"),
    (EVERY, "gen-arm-bf16", "Generate arm_bf16.h for clang"),
    (EVERY, "gen-arm-vector-type", "Generate arm_vector_types.h for clang"),
    (EVERY, "gen-arm-neon-sema", "Generate ARM NEON sema support for clang"),
    (EVERY, "gen-arm-neon-test", "Generate ARM NEON tests for clang"),
    (FROM_22, "gen-arm-immcheck-types", "Generate arm_immcheck_types.inc (immediate range check types) for clang"),
    (EVERY, "gen-arm-sve-header", "Generate arm_sve.h for clang"),
    (EVERY, "gen-arm-sve-builtins", "Generate arm_sve_builtins.inc for clang"),
    (FROM_22, "gen-arm-sve-builtins-json", "Generate arm_sve_buitins.json"),
    (EVERY, "gen-arm-sve-builtin-codegen", "Generate arm_sve_builtin_cg_map.inc for clang"),
    (EVERY, "gen-arm-sve-typeflags", "Generate arm_sve_typeflags.inc for clang"),
    (EVERY, "gen-arm-sve-sema-rangechecks", "Generate arm_sve_sema_rangechecks.inc for clang"),
    (EVERY, "gen-arm-sve-streaming-attrs", "Generate arm_sve_streaming_attrs.inc for clang"),
    (EVERY, "gen-arm-sme-header", "Generate arm_sme.h for clang"),
    (EVERY, "gen-arm-sme-builtins", "Generate arm_sme_builtins.inc for clang"),
    (FROM_22, "gen-arm-sme-builtins-json", "Generate arm_sme_buitins.json"),
    (EVERY, "gen-arm-sme-builtin-codegen", "Generate arm_sme_builtin_cg_map.inc for clang"),
    (EVERY, "gen-arm-sme-sema-rangechecks", "Generate arm_sme_sema_rangechecks.inc for clang"),
    (EVERY, "gen-arm-sme-streaming-attrs", "Generate arm_sme_streaming_attrs.inc for clang"),
    (EVERY, "gen-arm-sme-builtin-za-state", "Generate arm_sme_builtins_za_state.inc for clang"),
    (EVERY, "gen-arm-mve-header", "Generate arm_mve.h for clang"),
    (EVERY, "gen-arm-mve-builtin-def", "Generate ARM MVE builtin definitions for clang"),
    (EVERY, "gen-arm-mve-builtin-sema", "Generate ARM MVE builtin sema checks for clang"),
    (EVERY, "gen-arm-mve-builtin-codegen", "Generate ARM MVE builtin code-generator for clang"),
    (EVERY, "gen-arm-mve-builtin-aliases", "Generate list of valid ARM MVE builtin aliases for clang"),
    (EVERY, "gen-arm-cde-header", "Generate arm_cde.h for clang"),
    (EVERY, "gen-arm-cde-builtin-def", "Generate ARM CDE builtin definitions for clang"),
    (EVERY, "gen-arm-cde-builtin-sema", "Generate ARM CDE builtin sema checks for clang"),
    (EVERY, "gen-arm-cde-builtin-codegen", "Generate ARM CDE builtin code-generator for clang"),
    (EVERY, "gen-arm-cde-builtin-aliases", "Generate list of valid ARM CDE builtin aliases for clang"),
    (EVERY, "gen-riscv-vector-header", "Generate riscv_vector.h for clang"),
    (EVERY, "gen-riscv-vector-builtins", "Generate riscv_vector_builtins.inc for clang"),
    (EVERY, "gen-riscv-vector-builtin-codegen", "Generate riscv_vector_builtin_cg.inc for clang"),
    (EVERY, "gen-riscv-vector-builtin-sema", "Generate riscv_vector_builtin_sema.inc for clang"),
    (EVERY, "gen-riscv-sifive-vector-builtins", "Generate riscv_sifive_vector_builtins.inc for clang"),
    (EVERY, "gen-riscv-sifive-vector-builtin-codegen", "Generate riscv_sifive_vector_builtin_cg.inc for clang"),
    (EVERY, "gen-riscv-sifive-vector-builtin-sema", "Generate riscv_sifive_vector_builtin_sema.inc for clang"),
    (FROM_22, "gen-riscv-andes-vector-builtins", "Generate riscv_andes_vector_builtins.inc for clang"),
    (FROM_22, "gen-riscv-andes-vector-builtin-codegen", "Generate riscv_andes_vector_builtin_cg.inc for clang"),
    (FROM_22, "gen-riscv-andes-vector-builtin-sema", "Generate riscv_andes_vector_builtin_sema.inc for clang"),
    (FROM_23, "gen-hlsl-alias-intrinsics", "Generate HLSL alias intrinsic overloads for hlsl_alias_intrinsics.h"),
    (FROM_23, "gen-hlsl-inline-intrinsics", "Generate HLSL inline intrinsic overloads for hlsl_intrinsics.h"),
    (EVERY, "gen-attr-docs", "Generate attribute documentation"),
    (FROM_23, "gen-builtin-docs", "Generate builtin documentation"),
    (EVERY, "gen-diag-docs", "Generate diagnostic documentation"),
    (EVERY, "gen-opt-docs", "Generate option documentation"),
    (EVERY, "gen-clang-data-collectors", "Generate data collectors for AST nodes"),
    (
        EVERY,
        "gen-clang-test-pragma-attribute-supported-attributes",
        "Generate a list of attributes supported by #pragma clang attribute for testing purposes",
    ),
];

/// The actions of `release`'s clang-tblgen, in its `--help` order.
pub fn actions(release: Release) -> Vec<(&'static str, &'static str)> {
    ACTIONS.iter().filter(|(releases, _, _)| releases.contains(&release)).map(|&(_, name, help)| (name, help)).collect()
}

/// Whether some release's clang-tblgen has the action `name`.
pub fn is_action(name: &str) -> bool {
    ACTIONS.iter().any(|(_, action, _)| *action == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_has_its_count_of_actions() {
        assert_eq!(actions(V19).len(), 85);
        assert_eq!(actions(V22).len(), 99);
        assert_eq!(actions(V23).len(), 104);
        assert_eq!(actions(V23)[0], ("print-records", "Print all records to stdout (default)"));
        assert!(!actions(V19).iter().any(|(name, _)| *name == "gen-clang-diags-enums"));
        assert!(is_action("gen-clang-diags-stable-ids") && !is_action("gen-vt"));
    }
}
