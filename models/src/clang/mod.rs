//! The models clang-tblgen's emitters share (clang/utils/TableGen): the diagnostics, their
//! groups and categories, and the text of a diagnostic, parsed; the attributes (their arguments,
//! spellings, the parsed-attribute kinds, target tests) and the subject match rules of
//! `#pragma clang attribute`; the builtins and their prototypes; the syntax tree's nodes; the AST
//! nodes' serialized properties; the NEON intrinsics, their types and the C of their bodies; the SVE and SME intrinsics and their
//! types; the MVE and CDE intrinsics, their types and code generation; HLSL's intrinsic
//! functions and their overloads; the RISC-V vector intrinsics and their types; OpenCL's builtin
//! functions, their types, signatures and overloads.

pub mod arguments;
pub mod ast_nodes;
pub mod ast_properties;
pub mod attributes;
pub mod builtins;
pub mod diag_text;
pub mod diagnostics;
pub mod hlsl_intrinsics;
pub mod mve_intrinsics;
pub mod neon_intrinsics;
pub mod neon_types;
pub mod opencl_builtins;
pub mod rvv_intrinsics;
pub mod subject_rules;
pub mod sve_intrinsics;
pub mod sve_types;
pub mod syntax_nodes;
