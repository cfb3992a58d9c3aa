//! The lexer and preprocessor alone: every token until the end or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tdq_core::lexer::{Lexer, Tok};

fuzz_target!(|data: &[u8]| {
    let opts = tdq_fuzz::options();
    let mut lex = Lexer::new("fuzz.td", data.to_vec(), &opts.include_dirs, &opts.defines).with_limits(opts.limits);
    let mut diags = tdq_core::Diagnostics::default();
    // Each token consumes input, so this ends; the bound is a second line of defence.
    for _ in 0..=data.len() + 1 {
        if matches!(lex.lex(&mut diags), Tok::Eof | Tok::Error) || lex.fatal() {
            break;
        }
    }
    for d in &diags.list {
        let _ = tdq_core::diag::render_bytes(&lex.sm, d);
    }
});
