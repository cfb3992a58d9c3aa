//! clang-tblgen's backends (clang/utils/TableGen), one file per action, named after its flag,
//! over the models of `tdq_models::clang`; [`BACKENDS`] is what `tdq clang-tblgen` runs.
//! clang-tblgen also has `-print-records` and `-dump-json`, the same as llvm-tblgen's.

use crate::common::string_matcher::{self, StringPair};
use crate::{Backend, BackendError, BackendOptions, Opt};

/// `impl Backend` for a backend type whose whole output is the string `$emit(input, options)`
/// makes (the RISC-V vector families: one emitter for each of the vector, SiFive and Andes
/// actions).
macro_rules! string_backend {
    ($ty:ident, $name:literal, $help:literal, $emit:path) => {
        impl $crate::Backend for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn help(&self) -> &'static str {
                $help
            }
            fn emit(
                &self,
                input: &tdq_core::Evaluation,
                options: &$crate::BackendOptions,
                out: &mut $crate::Output,
            ) -> Result<(), $crate::BackendError> {
                std::io::Write::write_all(out, $emit(input, options)?.as_bytes())?;
                Ok(())
            }
        }
    };
}

pub mod ast_nodes;
pub mod ast_properties;
pub mod attr_args;
pub mod attr_class;
pub mod gen_arm_bf16;
pub mod gen_arm_fp16;
pub mod gen_arm_immcheck_types;
pub mod gen_arm_mve_builtin_aliases;
pub mod gen_arm_mve_builtin_codegen;
pub mod gen_arm_mve_builtin_def;
pub mod gen_arm_mve_builtin_sema;
pub mod gen_arm_mve_header;
pub mod gen_arm_neon;
pub mod gen_arm_neon_sema;
pub mod gen_arm_sme_builtin_za_state;
pub mod gen_arm_sve_builtin_codegen;
pub mod gen_arm_sve_builtins;
pub mod gen_arm_sve_builtins_json;
pub mod gen_arm_sve_header;
pub mod gen_arm_sve_sema_rangechecks;
pub mod gen_arm_sve_streaming_attrs;
pub mod gen_arm_sve_typeflags;
pub mod gen_arm_vector_type;
pub mod gen_attr_docs;
pub mod gen_attribute_spelling_list;
pub mod gen_builtin_docs;
pub mod gen_clang_attr_ast_visitor;
pub mod gen_clang_attr_classes;
pub mod gen_clang_attr_doc_table;
pub mod gen_clang_attr_has_attribute_impl;
pub mod gen_clang_attr_impl;
pub mod gen_clang_attr_is_type_dependent;
pub mod gen_clang_attr_list;
pub mod gen_clang_attr_node_traverse;
pub mod gen_clang_attr_parsed_attr_impl;
pub mod gen_clang_attr_parsed_attr_kinds;
pub mod gen_clang_attr_parsed_attr_list;
pub mod gen_clang_attr_parser_string_switches;
pub mod gen_clang_attr_pch_read;
pub mod gen_clang_attr_pch_write;
pub mod gen_clang_attr_spelling_index;
pub mod gen_clang_attr_subject_match_rule_list;
pub mod gen_clang_attr_subject_match_rules_parser_string_switches;
pub mod gen_clang_attr_template_instantiate;
pub mod gen_clang_attr_text_node_dump;
pub mod gen_clang_attr_undocumented_list;
pub mod gen_clang_basic_reader;
pub mod gen_clang_basic_writer;
pub mod gen_clang_builtin_templates;
pub mod gen_clang_builtins;
pub mod gen_clang_comment_command_info;
pub mod gen_clang_comment_command_list;
pub mod gen_clang_comment_html_named_character_references;
pub mod gen_clang_comment_html_tags;
pub mod gen_clang_comment_html_tags_properties;
pub mod gen_clang_comment_nodes;
pub mod gen_clang_data_collectors;
pub mod gen_clang_decl_nodes;
pub mod gen_clang_diag_groups;
pub mod gen_clang_diags_compat_ids;
pub mod gen_clang_diags_defs;
pub mod gen_clang_diags_enums;
pub mod gen_clang_diags_iface;
pub mod gen_clang_diags_index_name;
pub mod gen_clang_diags_stable_ids;
pub mod gen_clang_opcodes;
pub mod gen_clang_opencl_builtin_header;
pub mod gen_clang_opencl_builtin_tests;
pub mod gen_clang_opencl_builtins;
pub mod gen_clang_regular_keyword_attr_info;
pub mod gen_clang_sa_checkers;
pub mod gen_clang_stmt_nodes;
pub mod gen_clang_syntax_node_classes;
pub mod gen_clang_syntax_node_list;
pub mod gen_clang_test_pragma_attribute_supported_attributes;
pub mod gen_clang_type_nodes;
pub mod gen_clang_type_reader;
pub mod gen_clang_type_writer;
pub mod gen_cxx11_attribute_info;
pub mod gen_diag_docs;
pub mod gen_hlsl_alias_intrinsics;
pub mod gen_hlsl_inline_intrinsics;
pub mod gen_opt_docs;
pub mod gen_riscv_vector_builtin_codegen;
pub mod gen_riscv_vector_builtin_sema;
pub mod gen_riscv_vector_builtins;
pub mod gen_riscv_vector_header;

/// clang-tblgen's `-clang-component=<component>` (TableGen.cpp): the diagnostics backends
/// keep only the diagnostics whose `Component` it names. clang-tblgen declares it in its
/// driver, not in one emitter, so `tdq clang-tblgen` lists it among its own options.
pub static CLANG_COMPONENT: Opt<&str> = Opt {
    name: "clang-component",
    help: "Only use warnings from specified component",
    value_desc: "component",
    category: "General options",
    default: "",
    since: tdq_core::Release::V19,
};

/// The `-clang-component` given, `""` for none.
fn component(options: &BackendOptions) -> &str {
    options.get(&CLANG_COMPONENT)
}

/// `StringMatcher("Name", matches, OS).Emit()`, as the documentation comments' matchers write it.
fn comment_matcher(matches: &[StringPair], s: &mut String) -> Result<(), BackendError> {
    Ok(string_matcher::emit("Name", matches, 0, s)?)
}

/// Every clang-tblgen backend tdq has. The first is the default, as in clang-tblgen.
pub static BACKENDS: &[&dyn Backend] = &[
    &crate::print_records::PrintRecords,
    &crate::dump_json::DumpJson,
    &gen_clang_attr_classes::GenClangAttrClasses,
    &gen_clang_attr_subject_match_rules_parser_string_switches::GenClangAttrSubjectMatchRulesParserStringSwitches,
    &gen_clang_attr_impl::GenClangAttrImpl,
    &gen_clang_attr_list::GenClangAttrList,
    &gen_clang_attr_doc_table::GenClangAttrDocTable,
    &gen_clang_attr_subject_match_rule_list::GenClangAttrSubjectMatchRuleList,
    &gen_clang_regular_keyword_attr_info::GenClangRegularKeywordAttrInfo,
    &gen_clang_attr_has_attribute_impl::GenClangAttrHasAttributeImpl,
    &gen_clang_attr_spelling_index::GenClangAttrSpellingIndex,
    &gen_clang_attr_ast_visitor::GenClangAttrAstVisitor,
    &gen_clang_attr_parsed_attr_list::GenClangAttrParsedAttrList,
    &gen_clang_attr_parsed_attr_impl::GenClangAttrParsedAttrImpl,
    &gen_clang_attr_parsed_attr_kinds::GenClangAttrParsedAttrKinds,
    &gen_clang_attr_is_type_dependent::GenClangAttrIsTypeDependent,
    &gen_clang_attr_node_traverse::GenClangAttrNodeTraverse,
    &gen_clang_attr_parser_string_switches::GenClangAttrParserStringSwitches,
    &gen_clang_attr_pch_read::GenClangAttrPchRead,
    &gen_clang_attr_pch_write::GenClangAttrPchWrite,
    &gen_clang_attr_template_instantiate::GenClangAttrTemplateInstantiate,
    &gen_clang_attr_text_node_dump::GenClangAttrTextNodeDump,
    &gen_clang_attr_undocumented_list::GenClangAttrUndocumentedList,
    &gen_clang_test_pragma_attribute_supported_attributes::GenClangTestPragmaAttributeSupportedAttributes,
    &gen_attr_docs::GenAttrDocs,
    &gen_clang_builtins::GenClangBuiltins,
    &gen_clang_builtin_templates::GenClangBuiltinTemplates,
    &gen_builtin_docs::GenBuiltinDocs,
    &gen_clang_comment_command_info::GenClangCommentCommandInfo,
    &gen_clang_comment_command_list::GenClangCommentCommandList,
    &gen_clang_comment_html_named_character_references::GenClangCommentHtmlNamedCharacterReferences,
    &gen_clang_comment_html_tags::GenClangCommentHtmlTags,
    &gen_clang_comment_html_tags_properties::GenClangCommentHtmlTagsProperties,
    &gen_clang_data_collectors::GenClangDataCollectors,
    &gen_clang_comment_nodes::GenClangCommentNodes,
    &gen_clang_decl_nodes::GenClangDeclNodes,
    &gen_clang_stmt_nodes::GenClangStmtNodes,
    &gen_clang_type_nodes::GenClangTypeNodes,
    &gen_clang_type_reader::GenClangTypeReader,
    &gen_clang_type_writer::GenClangTypeWriter,
    &gen_clang_basic_reader::GenClangBasicReader,
    &gen_clang_basic_writer::GenClangBasicWriter,
    &gen_clang_opcodes::GenClangOpcodes,
    &gen_clang_sa_checkers::GenClangSaCheckers,
    &gen_clang_opencl_builtins::GenClangOpenclBuiltins,
    &gen_clang_opencl_builtin_header::GenClangOpenclBuiltinHeader,
    &gen_clang_opencl_builtin_tests::GenClangOpenclBuiltinTests,
    &gen_clang_syntax_node_list::GenClangSyntaxNodeList,
    &gen_clang_syntax_node_classes::GenClangSyntaxNodeClasses,
    &gen_clang_diags_compat_ids::GenClangDiagsCompatIds,
    &gen_clang_diags_defs::GenClangDiagsDefs,
    &gen_clang_diags_enums::GenClangDiagsEnums,
    &gen_clang_diag_groups::GenClangDiagGroups,
    &gen_clang_diags_index_name::GenClangDiagsIndexName,
    &gen_clang_diags_stable_ids::GenClangDiagsStableIds,
    &gen_clang_diags_iface::GenClangDiagsIface,
    &gen_diag_docs::GenDiagDocs,
    &gen_opt_docs::GenOptDocs,
    &gen_arm_sve_header::GenArmSveHeader,
    &gen_arm_sve_builtins::GenArmSveBuiltins,
    &gen_arm_sve_builtins_json::GenArmSveBuiltinsJson,
    &gen_arm_sve_builtin_codegen::GenArmSveBuiltinCodegen,
    &gen_arm_sve_typeflags::GenArmSveTypeflags,
    &gen_arm_sve_sema_rangechecks::GenArmSveSemaRangechecks,
    &gen_arm_sve_streaming_attrs::GenArmSveStreamingAttrs,
    &gen_arm_sve_header::GenArmSmeHeader,
    &gen_arm_sve_builtins::GenArmSmeBuiltins,
    &gen_arm_sve_builtins_json::GenArmSmeBuiltinsJson,
    &gen_arm_sve_builtin_codegen::GenArmSmeBuiltinCodegen,
    &gen_arm_sve_sema_rangechecks::GenArmSmeSemaRangechecks,
    &gen_arm_sve_streaming_attrs::GenArmSmeStreamingAttrs,
    &gen_arm_sme_builtin_za_state::GenArmSmeBuiltinZaState,
    &gen_arm_mve_header::GenArmMveHeader,
    &gen_arm_mve_builtin_def::GenArmMveBuiltinDef,
    &gen_arm_mve_builtin_sema::GenArmMveBuiltinSema,
    &gen_arm_mve_builtin_codegen::GenArmMveBuiltinCodegen,
    &gen_arm_mve_builtin_aliases::GenArmMveBuiltinAliases,
    &gen_arm_mve_header::GenArmCdeHeader,
    &gen_arm_mve_builtin_def::GenArmCdeBuiltinDef,
    &gen_arm_mve_builtin_sema::GenArmCdeBuiltinSema,
    &gen_arm_mve_builtin_codegen::GenArmCdeBuiltinCodegen,
    &gen_arm_mve_builtin_aliases::GenArmCdeBuiltinAliases,
    &gen_riscv_vector_header::GenRiscvVectorHeader,
    &gen_riscv_vector_builtins::GenRiscvVectorBuiltins,
    &gen_riscv_vector_builtin_codegen::GenRiscvVectorBuiltinCodegen,
    &gen_riscv_vector_builtin_sema::GenRiscvVectorBuiltinSema,
    &gen_riscv_vector_builtins::GenRiscvSifiveVectorBuiltins,
    &gen_riscv_vector_builtin_codegen::GenRiscvSifiveVectorBuiltinCodegen,
    &gen_riscv_vector_builtin_sema::GenRiscvSifiveVectorBuiltinSema,
    &gen_riscv_vector_builtins::GenRiscvAndesVectorBuiltins,
    &gen_riscv_vector_builtin_codegen::GenRiscvAndesVectorBuiltinCodegen,
    &gen_riscv_vector_builtin_sema::GenRiscvAndesVectorBuiltinSema,
    &gen_arm_immcheck_types::GenArmImmcheckTypes,
    &gen_arm_neon::GenArmNeon,
    &gen_arm_fp16::GenArmFp16,
    &gen_arm_bf16::GenArmBf16,
    &gen_arm_vector_type::GenArmVectorType,
    &gen_arm_neon_sema::GenArmNeonSema,
    &gen_cxx11_attribute_info::GenCxx11AttributeInfo,
    &gen_attribute_spelling_list::GenAttributeSpellingList,
    &gen_hlsl_alias_intrinsics::GenHlslAliasIntrinsics,
    &gen_hlsl_inline_intrinsics::GenHlslInlineIntrinsics,
];
