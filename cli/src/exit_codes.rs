//! The exit statuses of `tdq`, in one place.
//!
//! `tdq tblgen` is a drop-in llvm-tblgen and so uses llvm-tblgen's statuses, which are only
//! [`SUCCESS`] and [`FAILURE`]: a bad command line, an unreadable input, an evaluation error, a
//! backend error and an output that cannot be written all end with 1 there. A backend or option
//! tdq does not have yet also ends with [`FAILURE`], after a `tdq: ... is not implemented yet`
//! message. [`USAGE`] is for tdq's own command line (an unknown subcommand), outside the
//! llvm-tblgen emulation.

/// Everything went as asked.
pub const SUCCESS: i32 = 0;
/// Findings, differences or errors: what llvm-tblgen reports with status 1.
pub const FAILURE: i32 = 1;
/// tdq's own command line was wrong (clap's usage error status).
pub const USAGE: i32 = 2;
/// `tdq diff` could not compare (an input unreadable or failing to evaluate): diff(1)'s
/// "trouble", beside its 0 for equal and 1 ([`FAILURE`]) for different.
pub const TROUBLE: i32 = 2;
