//! The front end: parsing (which evaluates statements as it goes, as LLVM's TGParser does) and
//! the diagnostics it renders.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tdq_fuzz::evaluate(data.to_vec(), |_| {}));
