//! The models clang-tblgen's emitters share (clang/utils/TableGen): the diagnostics, their
//! groups and categories, and the text of a diagnostic, parsed.

pub mod diag_text;
pub mod diagnostics;
